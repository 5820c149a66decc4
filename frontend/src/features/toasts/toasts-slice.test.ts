import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { makeStore } from '../../app/store';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_UNTIL_CLOSED,
} from './toast-timings';
import { closeToast, showToast } from './toast-thunks';
import {
  addToast,
  dismissToast,
  removeToast,
  toastsSlice,
  updateToast,
  type ToastsState,
} from './toasts-slice';

const reduce = toastsSlice.reducer;
const empty: ToastsState = { toasts: [] };

describe('toasts slice', () => {
  it('uses the fixed toast constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('adds an open toast with the default variant and display time', () => {
    const state = reduce(empty, addToast({ id: 'a', description: 'Hello' }));
    expect(state.toasts).toEqual([
      { id: 'a', description: 'Hello', variant: 'default', duration: 5000, open: true },
    ]);
  });

  it('keeps a toast with a link until it is closed, whatever display time it was given', () => {
    const link = { href: 'https://cal.com/acme/call', label: 'Book your call now' };
    expect(TOAST_UNTIL_CLOSED).toBe(Infinity);
    const state = reduce(empty, addToast({ id: 'a', description: 'Hello', link, duration: 5000 }));
    expect(state.toasts[0]).toMatchObject({ link, duration: TOAST_UNTIL_CLOSED, open: true });
  });

  it('keeps a toast until it is closed once an update gives it a link', () => {
    let state = reduce(empty, addToast({ id: 'a', description: 'Hello' }));
    expect(state.toasts[0]?.duration).toBe(TOAST_DURATION_MS);
    state = reduce(
      state,
      updateToast({ id: 'a', link: { href: 'https://cal.com/x', label: 'Book your call now' } }),
    );
    expect(state.toasts[0]?.duration).toBe(TOAST_UNTIL_CLOSED);
  });

  it('keeps at most one toast, the newest', () => {
    let state = reduce(empty, addToast({ id: 'a', title: 'First' }));
    state = reduce(state, addToast({ id: 'b', title: 'Second' }));
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('updates a toast by id and ignores unknown ids', () => {
    let state = reduce(empty, addToast({ id: 'a', title: 'Before' }));
    state = reduce(state, updateToast({ id: 'a', title: 'After', variant: 'destructive' }));
    state = reduce(state, updateToast({ id: 'zzz', title: 'Nobody' }));
    expect(state.toasts[0]).toMatchObject({ id: 'a', title: 'After', variant: 'destructive' });
    expect(state.toasts).toHaveLength(1);
  });

  it('dismisses by closing the toast without removing it', () => {
    let state = reduce(empty, addToast({ id: 'a' }));
    state = reduce(state, dismissToast('a'));
    expect(state.toasts).toEqual([expect.objectContaining({ id: 'a', open: false })]);
  });

  it('dismisses every toast when no id is given', () => {
    let state = reduce(empty, addToast({ id: 'a' }));
    state = reduce(state, dismissToast(undefined));
    expect(state.toasts.every((t) => !t.open)).toBe(true);
  });

  it('removes one toast by id, or all of them', () => {
    const one = reduce(empty, addToast({ id: 'a' }));
    expect(reduce(one, removeToast('b')).toasts).toHaveLength(1);
    expect(reduce(one, removeToast('a')).toasts).toEqual([]);
    expect(reduce(one, removeToast(undefined)).toasts).toEqual([]);
  });
});

describe('toast thunks', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a toast with a fresh id each time', () => {
    const store = makeStore();
    const first = store.dispatch(showToast({ description: 'One' }));
    const second = store.dispatch(showToast({ description: 'Two' }));
    expect(first).not.toBe(second);
    expect(store.getState().toasts.toasts).toEqual([
      expect.objectContaining({ id: second, description: 'Two', open: true }),
    ]);
  });

  it('removes a dismissed toast only after the 1,000,000 ms removal delay', () => {
    const store = makeStore();
    const id = store.dispatch(showToast({ description: 'Saved' }));
    store.dispatch(closeToast(id));
    expect(store.getState().toasts.toasts).toEqual([expect.objectContaining({ id, open: false })]);

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts.toasts).toHaveLength(1);

    jest.advanceTimersByTime(1);
    expect(store.getState().toasts.toasts).toEqual([]);
  });

  it('schedules one removal however often a toast is dismissed', () => {
    const store = makeStore();
    const id = store.dispatch(showToast({ description: 'Saved' }));
    store.dispatch(closeToast(id));
    jest.advanceTimersByTime(500_000);
    store.dispatch(closeToast(id));
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(500_000);
    expect(store.getState().toasts.toasts).toEqual([]);
  });

  it('dismisses and then removes every toast when no id is given', () => {
    const store = makeStore();
    store.dispatch(showToast({ description: 'Saved' }));
    store.dispatch(closeToast());
    expect(store.getState().toasts.toasts[0]?.open).toBe(false);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getState().toasts.toasts).toEqual([]);
  });
});
