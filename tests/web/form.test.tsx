import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClientError } from '../../src/web/lib/api-client';
import { formRules, useSchemaForm } from '../../src/web/lib/form';

const schema = z.object({
  email: z.string().email('Enter a valid email'),
  name: z.string().min(1, 'Name is required'),
});

describe('useSchemaForm', () => {
  it('shows problems after a submit and clears each as its field changes', () => {
    const { result } = renderHook(() => useSchemaForm(schema, { email: 'x', name: '' }));
    expect(result.current.errors).toEqual({});
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({ email: 'Enter a valid email', name: 'Name is required' });
    act(() => result.current.set('name', 'Jo'));
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errors.email).toBe('Enter a valid email');
  });

  it('live: a field shows its problem once changed, and valid/data follow every change', () => {
    const { result } = renderHook(() => useSchemaForm(schema, { email: '', name: '' }, { live: true }));
    expect(result.current.errors).toEqual({});
    expect(result.current.valid).toBe(false);
    act(() => result.current.set('email', 'nope'));
    expect(result.current.errors).toEqual({ email: 'Enter a valid email' });
    act(() => result.current.set('email', 'fan@example.com'));
    act(() => result.current.set('name', 'Jo'));
    expect(result.current.errors).toEqual({});
    expect(result.current.data).toEqual({ email: 'fan@example.com', name: 'Jo' });
  });

  it("maps the server's field errors, optionally only the form's own, and check() shows nothing", () => {
    const { result } = renderHook(() => useSchemaForm(schema, { email: 'x', name: '' }));
    const err = new ApiClientError(400, 'VALIDATION_FAILED', 'Bad', { email: 'Taken', amountCents: 'Too much' });
    act(() => result.current.showServerErrors(err, ['email', 'name']));
    expect(result.current.errors).toEqual({ email: 'Taken' });
    act(() => result.current.clearErrors());
    expect(result.current.check()).toEqual({
      ok: false,
      fields: { email: 'Enter a valid email', name: 'Name is required' },
    });
    expect(result.current.errors).toEqual({});
  });

  it('formRules: a field problem from domain checks, values passed through when there is none', () => {
    const rules = formRules((v: { amount: string }) => ({ amount: v.amount ? undefined : 'Enter an amount' }));
    expect(rules.safeParse({ amount: '' })).toMatchObject({ success: false });
    expect(rules.safeParse({ amount: '5' })).toEqual({ success: true, data: { amount: '5' } });
  });

  it('is busy while a submit runs; a leaving submit stays busy only when it succeeds', async () => {
    const { result } = renderHook(() => useSchemaForm(schema, { email: '', name: '' }));
    let finish = () => {};
    let run: Promise<void> | undefined;
    act(() => {
      run = result.current.submitting(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await run;
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.submitting(async () => {}, { leaving: true }));
    expect(result.current.busy).toBe(true);
    await act(() =>
      result.current.submitting(() => Promise.reject(new Error('declined')), { leaving: true }).catch(() => {}),
    );
    expect(result.current.busy).toBe(false);
  });
});
