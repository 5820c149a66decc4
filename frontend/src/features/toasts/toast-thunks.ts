import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { TOAST_REMOVE_DELAY_MS } from './toast-timings';
import {
  addToast,
  dismissToast,
  removeToast,
  type toastsSlice,
  type NewToast,
  type ToastsState,
} from './toasts-slice';

type ToastThunk<R = void> = ThunkAction<
  R,
  { [toastsSlice.reducerPath]: ToastsState },
  unknown,
  UnknownAction
>;

let counter = 0;
function nextToastId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

// One pending removal per toast, so dismissing twice does not schedule two removals.
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): ToastThunk {
  return (dispatch) => {
    if (removalTimers.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.delete(id);
      dispatch(removeToast(id));
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.set(id, timer);
  };
}

/** Shows a toast and answers its id. */
export function showToast(toast: Omit<NewToast, 'id'>): ToastThunk<string> {
  return (dispatch) => {
    const id = nextToastId();
    dispatch(addToast({ ...toast, id }));
    return id;
  };
}

/** Closes a toast (or all of them) and removes it from state after TOAST_REMOVE_DELAY_MS. */
export function closeToast(id?: string): ToastThunk {
  return (dispatch, getState) => {
    dispatch(dismissToast(id));
    const ids = id === undefined ? getState().toasts.toasts.map((t) => t.id) : [id];
    for (const toastId of ids) dispatch(scheduleRemoval(toastId));
  };
}
