export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={label}>
      <span className="h-8 w-8 animate-spin motion-reduce:animate-none rounded-full border-4 border-brand-100 border-t-brand-700" />
    </div>
  );
}
