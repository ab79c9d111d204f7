import { useEffect, useState } from 'react';
import {
  emptyPartnerForm,
  parsePartnerDraft,
  partnerDraftKey,
  partnerFormProblems,
} from '../../../shared/domain/partners';
import { formRules, useSchemaForm } from '../../lib/form';
import { readJson, removeKey, writeJson } from '../../lib/storage';

const partnerRules = formRules(partnerFormProblems);

/**
 * The partner form (its values checked by the shared partner rules; `fieldId` names each control, so a
 * refusal moves focus to its first field) with its draft:
 * 'a per-partnerId key holding partner form values (loaded on open)': the form's draft lives in
 * this browser only, restored when the form opens and saved as it changes. The server never hands a saved
 * form back (decision 0010).
 */
export function usePartnerDraft(partnerId: string, fieldId: (field: string) => string) {
  const [initial] = useState(() => parsePartnerDraft(readJson(partnerDraftKey(partnerId))));
  const form = useSchemaForm(partnerRules, initial, { fieldId });
  const { values } = form;
  const restored = Object.values(initial).some((v) => v.trim() !== '');

  useEffect(() => {
    const key = partnerDraftKey(partnerId);
    if (Object.values(values).every((v) => v === '')) removeKey(key);
    else writeJson(key, values);
  }, [partnerId, values]);

  return { form, restored, clear: () => form.reset(emptyPartnerForm) };
}
