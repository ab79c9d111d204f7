import type { BoardView } from '../../../../shared/contracts/boards';
import { drawAxes, seedCommitment } from '../../../../shared/domain/boards';
import { PanelSection } from '../../../components/layout/page-section';

/** Recomputes the draw in the browser from the revealed seed, so nobody has to trust the server. */
export function VerifyDraw({ board }: { board: BoardView }) {
  const seed = board.seed;
  const check = seed
    ? (() => {
        const axes = drawAxes(seed);
        return {
          hashMatches: seedCommitment(seed) === board.seedHash,
          axes,
          axesMatch: axes.columns.join() === board.axes.columns.join() && axes.rows.join() === board.axes.rows.join(),
        };
      })()
    : null;
  return (
    <PanelSection id="verify" title="Verify the draw">
      <p className="mt-1 text-sm text-slate-300">
        The digits are drawn from a secret seed when the board locks. Its SHA-256 fingerprint is published now, so the
        seed cannot be changed later.
      </p>
      <dl className="mt-3 grid gap-2 text-sm">
        <div>
          <dt className="text-slate-400">Seed fingerprint (SHA-256)</dt>
          <dd className="font-mono break-all text-slate-100" data-testid="seed-hash">
            {board.seedHash}
          </dd>
        </div>
        {seed && check ? (
          <>
            <div>
              <dt className="text-slate-400">Revealed seed</dt>
              <dd className="font-mono break-all text-slate-100">{seed}</dd>
            </div>
            <div>
              <dt className="text-slate-400">Recomputed in your browser</dt>
              <dd className="text-slate-100" data-testid="verify-result">
                {check.hashMatches && check.axesMatch
                  ? `Verified: the seed matches its fingerprint and draws ${board.game.teamA} ${check.axes.columns.join(' ')} / ${board.game.teamB} ${check.axes.rows.join(' ')}.`
                  : 'Mismatch: the revealed seed does not produce this board. Please contact FanGrid.'}
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dt className="text-slate-400">Revealed seed</dt>
            <dd className="text-slate-300">The seed is revealed when the board locks.</dd>
          </div>
        )}
      </dl>
    </PanelSection>
  );
}
