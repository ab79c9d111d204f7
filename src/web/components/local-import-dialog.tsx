import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeImport, hasAnyLocalData, localDataCounts } from '../../shared/contracts/fan-central-local';
import { messageOf } from '../lib/form';
import { readLocalFanData } from '../lib/local-fan-data';
import { markOffered } from '../lib/local-fan-records';
import { localImportStatusQuery, useImportLocalData } from '../lib/local-import';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { useToast } from './ui/toast';

/**
 * Asks a fan who just signed in whether to bring this browser's Fan Central data into the account, and
 * says what it imported. Shown by `LocalImportOffer` (once per account) and from Fan Central's banner.
 */
export function LocalImportDialog({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const importer = useImportLocalData(userId);
  const { data, dropped } = readLocalFanData();
  const counts = localDataCounts(data);

  const close = () => {
    markOffered(userId);
    onClose();
  };

  const run = () =>
    importer.mutate(undefined, {
      onSuccess: (result) => {
        onClose();
        if (result.alreadyImported) {
          toast({
            title: 'Already imported',
            description: `This account imported data on ${new Date(result.importedAt).toLocaleDateString()}; nothing new was imported.`,
          });
          return;
        }
        const skipped = result.summary.skipped + dropped;
        toast({
          title: 'Imported into your account',
          description: `Imported ${describeImport(result.summary)}.${
            skipped > 0
              ? ` ${skipped} ${skipped === 1 ? 'item was' : 'items were'} left out (limits or unreadable).`
              : ''
          }`,
          variant: 'success',
          durationMs: 8000,
        });
      },
      onError: (err) => toast({ title: 'Import failed', description: messageOf(err), variant: 'error' }),
    });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Bring your fan data into your account?"
      description="You saved Fan Central data in this browser before signing in."
    >
      <p className="text-slate-200">
        This browser has {describeImport(counts)}. Import it once into your FanGrid account to keep it on any device.
        Values already set in your account are kept.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={close} disabled={importer.isPending}>
          Not now
        </Button>
        <Button onClick={run} disabled={importer.isPending || !hasAnyLocalData(data)}>
          {importer.isPending ? 'Importing...' : 'Import into my account'}
        </Button>
      </div>
    </Dialog>
  );
}

/** The automatic offer after sign-in: only when this browser has data and the account never imported. */
export function LocalImportPrompt({ userId }: { userId: string }) {
  const status = useQuery(localImportStatusQuery(userId));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (status.data?.importedAt === null && hasAnyLocalData(readLocalFanData().data)) setOpen(true);
  }, [status.data]);
  return <LocalImportDialog userId={userId} open={open} onClose={() => setOpen(false)} />;
}
