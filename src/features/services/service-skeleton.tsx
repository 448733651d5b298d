/** The service information's loading shape: the header card and two text cards. */
export function ServiceSkeleton() {
  return (
    <div className="service-skeleton" aria-busy="true" aria-label="加载中">
      <div className="service-skeleton__hero" />
      <div className="service-skeleton__card" />
      <div className="service-skeleton__card" />
    </div>
  );
}
