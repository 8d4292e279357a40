import './boot.css';

/** Plain placeholder while the layout chunk loads (no UI library yet, so no text either). */
export function BootSplash({ error }: { error?: string }) {
  return (
    <div className="boot-splash" role="status" aria-busy={!error}>
      {error ? <pre className="boot-error">{error}</pre> : <div className="boot-spinner" />}
    </div>
  );
}
