// A five-star rating, read out as 'Rated 4.8 out of 5'; partly filled for an average.
const STAR = 'M12 3.2l2.6 5.4 5.9.8-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z';

const Row = () => (
  <svg viewBox="0 0 120 24" aria-hidden="true" focusable="false">
    {[0, 24, 48, 72, 96].map((x) => (
      <path key={x} d={STAR} transform={`translate(${x} 0)`} />
    ))}
  </svg>
);

export function Stars({ rating }: { rating: number }) {
  const value = Math.round(rating * 10) / 10;
  return (
    <span className="stars" role="img" aria-label={`Rated ${value} out of 5`}>
      <Row />
      <span className="stars__fill" style={{ width: `${(value / 5) * 100}%` }}>
        <Row />
      </span>
    </span>
  );
}
