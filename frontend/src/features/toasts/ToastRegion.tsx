import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectHasToasts } from './toasts-slice';

// Radix Toast is only needed once a toast exists (after a form submission). Loading it then keeps
// it out of every page's first download, and keeps its inline styles out of the prerendered HTML.
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

export function ToastRegion() {
  const hasToasts = useAppSelector(selectHasToasts);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
