import { useEffect, useState } from 'react';
import {
  emptyPartnerForm,
  type PartnerFormField,
  type PartnerFormValues,
  parsePartnerDraft,
  partnerDraftKey,
} from '../../../shared/domain/partners';
import { readJson, removeKey, writeJson } from '../../lib/storage';

/**
 * 'a per-partnerId key holding partner form values (loaded on open)': the form's draft lives in
 * this browser only, restored when the form opens and saved as it changes. The server never hands a saved
 * form back (decision 0010).
 */
export function usePartnerDraft(partnerId: string) {
  const [initial] = useState(() => parsePartnerDraft(readJson(partnerDraftKey(partnerId))));
  const [values, setValues] = useState<PartnerFormValues>(initial);
  const restored = Object.values(initial).some((v) => v.trim() !== '');

  useEffect(() => {
    const key = partnerDraftKey(partnerId);
    if (Object.values(values).every((v) => v === '')) removeKey(key);
    else writeJson(key, values);
  }, [partnerId, values]);

  return {
    values,
    restored,
    set: (field: PartnerFormField, value: string) => setValues((v) => ({ ...v, [field]: value })),
    clear: () => setValues(emptyPartnerForm),
  };
}
