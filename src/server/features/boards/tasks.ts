import type { SheetSize } from '../../../shared/contracts/board-share';
import type { BoardView } from '../../../shared/contracts/boards';
import { qrSvg } from './qr';
import { boardSheetBytes } from './sheet';

/**
 * The boards feature's CPU-heavy work, run on a worker thread (src/server/worker.ts): plain inputs read from the
 * database on the main thread, plain outputs. Nothing here touches the database, the network or the clock.
 */
export const boardTasks = {
  /** The printable sheet's PDF bytes. */
  boardSheet: (input: { board: BoardView; size: SheetSize; link: string; changedAt: Date }): Promise<Uint8Array> =>
    boardSheetBytes(input.board, input),
  /** The board link's QR code as SVG, and its ETag. */
  boardQr: (link: string): Promise<{ svg: string; etag: string }> => qrSvg(link),
};
