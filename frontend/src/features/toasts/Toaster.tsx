import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@radix-ui/react-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ExternalLink } from '../../shared/ui/ExternalLink';
import { closeToast } from './toast-thunks';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast-timings';
import { selectToasts } from './toasts-slice';

export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();

  return (
    <ToastProvider
      label="Notifications"
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          className="toast"
          data-variant={toast.variant}
          open={toast.open}
          duration={toast.duration}
          onOpenChange={(open) => {
            if (!open) dispatch(closeToast(toast.id));
          }}
        >
          <div className="toast-body">
            {toast.title && <ToastTitle className="toast-title">{toast.title}</ToastTitle>}
            {toast.description && (
              <ToastDescription className="toast-description">{toast.description}</ToastDescription>
            )}
            {/* Inside the toast, so that Radix announces it with the text (the link's name says it
                opens a new tab), and F8 or Tab reaches it; such a toast waits to be closed
                (toasts-slice.ts). */}
            {toast.link && (
              <p className="toast-action">
                <ExternalLink href={toast.link.href} className="toast-link">
                  {toast.link.label}
                </ExternalLink>
              </p>
            )}
          </div>
          <ToastClose className="toast-close" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </ToastClose>
        </Toast>
      ))}
      <ToastViewport className="toast-viewport" />
    </ToastProvider>
  );
}
