/**
 * The charting provider's widgets run in frames sandboxed without same-origin access (DESIGN.md
 * section 3): their scripts can never read the session. Each frame page shows 'Market data
 * unavailable' by itself when the provider cannot be reached.
 */
const SANDBOX = 'allow-scripts allow-popups';

export function MarketTicker() {
  return (
    <iframe
      title="Market ticker: S&P 500, US 100, EUR to USD, Bitcoin, Ethereum"
      src="/market/ticker.html"
      sandbox={SANDBOX}
      loading="lazy"
      className="hidden h-12 w-full rounded-xl border border-slate-200 bg-white md:block"
    />
  );
}

export function BitcoinChart() {
  return (
    <section
      aria-labelledby="trading-chart"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="trading-chart" className="mb-3 text-sm font-semibold text-slate-700">
        Personal Trading Chart
      </h2>
      <iframe
        title="Bitcoin to US dollar, daily chart"
        src="/market/chart.html"
        sandbox={SANDBOX}
        loading="lazy"
        className="h-[420px] w-full rounded-xl"
      />
    </section>
  );
}
