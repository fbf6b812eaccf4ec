import { Link } from 'react-router-dom';
import { CODES } from '@portico/contracts';

export function NotFound() {
  return (
    <section>
      <h1 className="h4">{CODES.not_found.text}</h1>
      <Link to="/">Back to the start page</Link>
    </section>
  );
}
