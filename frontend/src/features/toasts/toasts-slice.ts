import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_UNTIL_CLOSED } from './toast-timings';

export type ToastVariant = 'default' | 'destructive';

/** A link a toast offers, opened in a new tab so that the site stays open. */
export interface ToastLink {
  href: string;
  label: string;
}

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  link?: ToastLink;
  variant: ToastVariant;
  open: boolean;
  duration: number;
}

export interface ToastsState {
  toasts: ToastItem[];
}

export type NewToast = Pick<ToastItem, 'id'> & Partial<Omit<ToastItem, 'id' | 'open'>>;
export type ToastUpdate = Pick<ToastItem, 'id'> & Partial<Omit<ToastItem, 'id'>>;

const initialState: ToastsState = { toasts: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    addToast(state, action: PayloadAction<NewToast>) {
      const toast: ToastItem = {
        variant: 'default',
        duration: TOAST_DURATION_MS,
        ...action.payload,
        open: true,
      };
      keepWhileItOffersALink(toast);
      // The newest toast wins; older ones beyond the limit are dropped at once.
      state.toasts = [toast, ...state.toasts].slice(0, TOAST_LIMIT);
    },
    updateToast(state, action: PayloadAction<ToastUpdate>) {
      const toast = state.toasts.find((t) => t.id === action.payload.id);
      if (!toast) return;
      Object.assign(toast, action.payload);
      keepWhileItOffersALink(toast);
    },
    /** Closes one toast, or every toast when no id is given. It stays in state until removed. */
    dismissToast(state, action: PayloadAction<string | undefined>) {
      for (const toast of state.toasts) {
        if (action.payload === undefined || toast.id === action.payload) toast.open = false;
      }
    },
    /** Drops one toast, or every toast when no id is given. */
    removeToast(state, action: PayloadAction<string | undefined>) {
      state.toasts =
        action.payload === undefined ? [] : state.toasts.filter((t) => t.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.toasts,
    selectHasToasts: (state) => state.toasts.length > 0,
  },
});

export const { addToast, updateToast, dismissToast, removeToast } = toastsSlice.actions;
export const { selectToasts, selectHasToasts } = toastsSlice.selectors;

/** A toast with a link stays until the visitor closes it, whatever its display time said. */
function keepWhileItOffersALink(toast: ToastItem): void {
  if (toast.link) toast.duration = TOAST_UNTIL_CLOSED;
}
