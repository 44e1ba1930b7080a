/** Shown while the first route loads; the same markup as the static splash in index.html. */
export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <div className="splash-dot" />
    </div>
  );
}
