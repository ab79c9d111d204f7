import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeImport, hasAnyLocalData, localDataCounts } from '../../shared/contracts/fan-central-local';
import { formatNumericDate } from '../../shared/domain/en-us';
import { entriesToImport } from '../features/boards';
import { messageOf, useOneAtATime } from '../lib/form';
import { readLocalFanData } from '../lib/local-fan-data';
import { markOffered, wasOffered } from '../lib/local-fan-records';
import { localImportStatusQuery, useImportLocalData } from '../lib/local-import';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { useToast } from './ui/toast';

const noneImported = { profileFields: 0, favorites: 0, trophyItems: 0, games: 0, achievements: 0, gamingTrophies: 0 };

/**
 * Asks a fan who just signed in whether to bring this browser's Fan Central data into the account, and
 * says what it imported. Shown by `LocalImportOffer` (once per account) and from Fan Central's banner.
 */
export function LocalImportDialog({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const importer = useImportLocalData(userId);
  // A double click imports once and says so once.
  const oneAtATime = useOneAtATime();
  const { data, dropped } = readLocalFanData();
  const entries = entriesToImport().length;
  const counts = { ...localDataCounts(data), entries };

  const close = () => {
    markOffered(userId);
    onClose();
  };

  const run = () =>
    oneAtATime(() =>
      importer.mutateAsync(undefined, {
        onSuccess: (result) => {
          onClose();
          const linked = result.entries?.linked.length ?? 0;
          // Each entry another account holds (or no longer found) is named with its reason.
          const refused = (result.entries?.refused ?? []).map((r) => ` ${r.message}`).join('');
          if (result.alreadyImported) {
            toast({
              title: 'Already imported',
              description: `This account imported data on ${formatNumericDate(result.importedAt, 'local')}; ${
                linked > 0
                  ? `this time it added ${describeImport({ ...noneImported, entries: linked })}.`
                  : 'nothing new was imported.'
              }${refused}`,
              durationMs: refused ? 10000 : undefined,
            });
            return;
          }
          const skipped = result.summary.skipped + dropped;
          toast({
            title: 'Imported into your account',
            description: `Imported ${describeImport({ ...result.summary, entries: linked })}.${
              skipped > 0
                ? ` ${skipped} ${skipped === 1 ? 'item was' : 'items were'} left out (limits or unreadable).`
                : ''
            }${refused}`,
            variant: refused ? 'default' : 'success',
            durationMs: refused ? 10000 : 8000,
          });
        },
        onError: (err) => toast({ title: 'Import failed', description: messageOf(err), variant: 'error' }),
      }),
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Bring your fan data into your account?"
      description="You saved Fan Central data or entered boards in this browser before signing in."
    >
      <p className="text-slate-200">
        This browser has {describeImport(counts)}. Import it once into your FanGrid account to keep it on any device.
        Values already set in your account are kept.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={close} disabled={importer.isPending}>
          Not now
        </Button>
        <Button onClick={run} disabled={importer.isPending || (!hasAnyLocalData(data) && entries === 0)}>
          {importer.isPending ? 'Importing...' : 'Import into my account'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The automatic offer after sign-in: when this browser has fan data and the account never imported, or
 * when it holds board entries (linking them is per entry, so another device's import does not cover them).
 */
export function LocalImportPrompt({ userId }: { userId: string }) {
  const status = useQuery(localImportStatusQuery(userId));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Offered once per account in this browser (an import or 'Not now' marks it).
    if (!status.data || wasOffered(userId)) return;
    // Fan data is imported once per account; this browser's board entries are offered on any device.
    const fanData = status.data.importedAt === null && hasAnyLocalData(readLocalFanData().data);
    if (fanData || entriesToImport().length > 0) setOpen(true);
  }, [status.data, userId]);
  return <LocalImportDialog userId={userId} open={open} onClose={() => setOpen(false)} />;
}
