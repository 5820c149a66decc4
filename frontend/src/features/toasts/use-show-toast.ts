import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { NewToast } from './toasts-slice';
import { showToast } from './toast-thunks';

/** Shows a toast from a component; answers the toast's id. */
export function useShowToast(): (toast: Omit<NewToast, 'id'>) => string {
  const dispatch = useAppDispatch();
  return useCallback((toast) => dispatch(showToast(toast)), [dispatch]);
}
