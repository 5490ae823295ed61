// The offline page's only behaviour: loading the address again, which reaches the app once the network is back.
document.getElementById('try-again')?.addEventListener('click', () => location.reload());
