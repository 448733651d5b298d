/** The home's loading shape: a banner and two rows of the grid, the same size as the content. */
export function HomeSkeleton() {
  return (
    <div className="home-skeleton" aria-busy="true" aria-label="加载中">
      <div className="home-skeleton__banner" />
      <div className="home-skeleton__title" />
      <div className="home-skeleton__grid">
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className="home-skeleton__cell" />
        ))}
      </div>
    </div>
  );
}
