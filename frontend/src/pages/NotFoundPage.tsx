import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '../shared/content';
import { ReturnHome } from '../shared/ui/ReturnHome';

export function NotFoundPage() {
  return (
    <div className="notice container">
      <p className="eyebrow eyebrow-dark">Error 404</p>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>The address may be mistyped, or the page may have moved.</p>
      <ReturnHome />
    </div>
  );
}
