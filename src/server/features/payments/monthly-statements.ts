import { type MonthlyContext, recipientOf } from './monthly-context';
import { statementEmail } from './monthly-emails';
import type { DonorScope } from './monthly-repo';
import { perOrganization, statementPdf } from './statement';

/** Year-end giving statements: a donor's PDF on request, and January's statements by email. */
export function createYearStatements(ctx: MonthlyContext) {
  const { deps, repo, provider, clock, log, manageUrl } = ctx;
  const renderStatement = deps.renderStatement ?? statementPdf;

  /** A donor's gifts paid in `year` (one-time and monthly) and the statement PDF that lists them. */
  async function yearStatement(scope: DonorScope, year: number) {
    const paid = await repo.paidInYear(scope, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
    const latest = paid.at(-1)?.donation;
    const gifts = paid.map((g) => ({
      organization: recipientOf(g.donation),
      reference: g.reference,
      amountCents: g.amountCents,
      at: g.at,
    }));
    const bytes = await renderStatement({
      year,
      donorName: latest?.donorName ?? 'Donor',
      email: scope.email ?? latest?.donorEmail ?? '',
      gifts,
      issuedAt: clock.now(),
      testMode: provider.testMode,
    });
    // A worker thread's bytes arrive as a Uint8Array: the same memory, seen as a Buffer.
    const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { gifts, pdf };
  }

  return {
    /** The year's giving statement of the donor in scope, as a PDF. */
    async statement(scope: DonorScope, year: number): Promise<Buffer> {
      return (await yearStatement(scope, year)).pdf;
    },

    /**
     * In January, each donor who gave last year gets the year's statement by email, once per donor per
     * year (claimed in the database before sending, so a rerun or a second instance sends nothing twice).
     */
    async mailYearEndStatements(): Promise<void> {
      const now = clock.now();
      if (now.getUTCMonth() !== 0) return;
      const year = now.getUTCFullYear() - 1;
      const from = new Date(Date.UTC(year, 0, 1));
      const to = new Date(Date.UTC(year + 1, 0, 1));
      for (const email of await repo.donorsOfYear(from, to)) {
        if (!(await repo.claimStatement(email, year, now))) continue;
        try {
          const { gifts, pdf } = await yearStatement({ email, userId: null }, year);
          const totals = perOrganization(gifts).map((g) => ({
            organization: g.organization,
            amountCents: g.amountCents,
          }));
          await deps.mailer.send(
            statementEmail({
              to: email,
              year,
              perOrganization: totals,
              downloadUrl: manageUrl,
              pdf,
              testMode: provider.testMode,
            }),
            { key: `statement:${year}:${email}` },
          );
        } catch (err) {
          log.error({ err, email }, 'year-end statement could not be sent; it is tried again next run');
          await repo.releaseStatement(email, year);
        }
      }
    },
  };
}
