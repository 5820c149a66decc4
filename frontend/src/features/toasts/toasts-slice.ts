import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DURATION_MS, TOAST_LIMIT } from './toast-timings';

export type ToastVariant = 'default' | 'destructive';

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
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
      // The newest toast wins; older ones beyond the limit are dropped at once.
      state.toasts = [toast, ...state.toasts].slice(0, TOAST_LIMIT);
    },
    updateToast(state, action: PayloadAction<ToastUpdate>) {
      const toast = state.toasts.find((t) => t.id === action.payload.id);
      if (toast) Object.assign(toast, action.payload);
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
