import type { DonationView, PaymentView, TipView } from '../../../shared/contracts/payment-responses';
import type { GameData } from '../../../shared/contracts/payments';
import { paymentErrorCodes } from '../../../shared/contracts/payments';
import { AppError } from '../../http/errors';
import type { DonationRow, PaymentRow, TipRow } from './repo';
import type { EntryOfPayment, PaymentsDeps, PaymentsShared } from './service';

/** Donations, tips and checkouts as the screens they return to show them. */
export function createPaymentViews(deps: PaymentsDeps, shared: PaymentsShared) {
  const { repo } = deps;
  const { testModeOf } = shared;

  const donationView = (d: DonationRow, p: PaymentRow | undefined): DonationView => ({
    reference: d.reference,
    kind: d.kind,
    type: d.type,
    amountCents: d.amountCents,
    donorName: d.donorName,
    message: d.message,
    gameData: d.gameData as GameData,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt?.toISOString() ?? null,
    testMode: testModeOf(p),
  });

  const tipView = (t: TipRow, p: PaymentRow | undefined): TipView => ({
    reference: t.id,
    streamer: t.streamer,
    amountCents: t.amountCents,
    feeCents: t.feeCents,
    netCents: t.amountCents - t.feeCents,
    message: t.message,
    status: t.status,
    testMode: testModeOf(p),
  });

  return {
    async donation(reference: string): Promise<DonationView> {
      const d = await repo.donationByReference(reference);
      if (!d) throw new AppError(404, paymentErrorCodes.notFound, 'No Donation Data Found');
      return donationView(d, await repo.paymentById(d.paymentId));
    },

    async donationBySession(sessionId: string): Promise<DonationView> {
      const p = await repo.paymentBySession(sessionId);
      const d = p ? await repo.donationByPayment(p.id) : undefined;
      if (!d) throw new AppError(404, paymentErrorCodes.notFound, 'No Payment Data Found');
      return donationView(d, p);
    },

    async tip(reference: string): Promise<TipView> {
      const t = /^[0-9a-f-]{36}$/.test(reference) ? await repo.tipById(reference) : undefined;
      if (!t) throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that tip.');
      return tipView(t, await repo.paymentById(t.paymentId));
    },

    /** A checkout as the screen it returns to shows it (a paid entry's board, read by `entryOf`). */
    async payment(sessionId: string, entryOf?: EntryOfPayment): Promise<PaymentView> {
      const p = await repo.paymentBySession(sessionId);
      if (!p) throw new AppError(404, paymentErrorCodes.notFound, 'We could not find that payment.');
      const entry = p.purpose === 'entry' && entryOf ? await entryOf(p.id) : undefined;
      return {
        sessionId,
        purpose: p.purpose,
        description: p.description,
        amountCents: p.amountCents,
        status: p.status,
        testMode: testModeOf(p),
        ...(entry ? { entry } : {}),
      };
    },
  };
}
