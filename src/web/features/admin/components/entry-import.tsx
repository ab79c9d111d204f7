import { Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AdminImportResult,
  adminErrorCodes,
  ENTRY_IMPORT_MAX,
  entryImportColumns,
} from '../../../../shared/contracts/admin';
import { entryImportTemplate } from '../../../../shared/contracts/entry-import';
import { SMS_CONSENT_TEXT } from '../../../../shared/domain/sms';
import { buttonClasses } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { formRules, messageOf, useSchemaForm } from '../../../lib/form';
import { useImportEntries } from '../api';
import { type BoardChoiceProps, FormFooter } from './admin-ui';

/** The template file, offered as a download: the header row and one example line (a BOM first, for spreadsheets). */
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${entryImportTemplate()}`)}`;

/** A board is chosen and the file has lines; the server checks the lines themselves. */
const importRules = formRules((v: { boardSlug: string; csv: string }) => ({
  boardSlug: v.boardSlug ? undefined : 'Choose a game board',
  csv: v.csv.trim() ? undefined : 'Choose a CSV file or paste its lines',
}));

/**
 * 'Import entries from a CSV': a board, then a file chosen or pasted, with the columns it takes and a template.
 * The server checks every line as a single add is checked and adds them all or none; a refused file's problems
 * are listed by line and column, and the same file sent again adds nothing twice.
 */
export function EntryImport({ options, loading }: BoardChoiceProps) {
  const run = useImportEntries();
  const { toast } = useToast();
  const ids = useId();
  const form = useSchemaForm(importRules, { boardSlug: '', csv: '' });
  const [fileName, setFileName] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [problems, setProblems] = useState<[string, string][]>([]);
  const [done, setDone] = useState<AdminImportResult | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setProblems([]);
    setDone(null);
    form.clearErrors();
    const input = form.validate();
    if (!input) return;
    run.mutate(input, {
      onSuccess: (result) => {
        setDone(result);
        toast({
          title: result.added === 1 ? '1 entry imported' : `${result.added} entries imported`,
          description: result.alreadyAdded > 0 ? `${result.alreadyAdded} were already added before.` : undefined,
          variant: 'success',
        });
      },
      onError: (err) => {
        setMessage(messageOf(err));
        if (err instanceof ApiClientError && err.fields) {
          if (err.code === adminErrorCodes.importRefused) setProblems(Object.entries(err.fields));
          else form.showServerErrors(err);
        }
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Import entries from a CSV file"
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <p className="text-sm text-slate-300">
        Up to {ENTRY_IMPORT_MAX} entries at once, checked line by line like one entry: if any line is refused, none is
        added. Sending the same file again adds nothing twice.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Select
          label="Game board (team)"
          options={options}
          placeholder={loading ? 'Loading boards...' : options.length ? 'Choose a board' : 'No open boards'}
          {...form.field('boardSlug')}
        />
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-file`} className="text-sm font-medium text-slate-200">
            CSV file
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={`${ids}-file-hint`}
            className="min-h-11 rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-slate-200 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-1 file:text-white"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setFileName(file.name);
              form.set('csv', await file.text());
            }}
          />
          <p id={`${ids}-file-hint`} className="text-xs text-slate-400">
            {fileName ? `Read ${fileName}: its lines are below.` : 'Or paste the lines, header row first, below.'}
          </p>
        </div>
      </div>
      <Textarea
        label="The file’s lines"
        rows={5}
        spellCheck={false}
        className="font-mono text-sm"
        {...form.field('csv')}
        hint={`A header row naming the columns in any order: ${entryImportColumns.map((c) => c.name).join(', ')}. Nickname and Age Confirmed are required.`}
      />
      <details className="rounded-xl border border-ink-700 p-3 text-sm">
        <summary className="cursor-pointer font-semibold text-white">The columns of the file</summary>
        <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          {entryImportColumns.map((c) => (
            <div key={c.name} className="contents">
              <dt className="font-mono text-slate-100">{c.name}</dt>
              <dd className="text-slate-300">
                {c.meaning}
                {c.name === 'Text Consent' && <span className="block text-slate-400">“{SMS_CONSENT_TEXT}”</span>}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <a
        href={templateHref}
        download="entries_import_template.csv"
        className={`${buttonClasses('outline', 'md')} self-start`}
      >
        <Download aria-hidden="true" className="size-4" />
        Download the template
      </a>
      {problems.length > 0 && (
        <ul
          aria-label="Problems in the file"
          className="list-disc rounded-xl border border-red-400/40 bg-red-950/40 p-3 pl-7 text-sm text-red-100"
        >
          {problems.map(([where, what]) => (
            <li key={where}>
              <strong>{where}:</strong> {what}
            </li>
          ))}
        </ul>
      )}
      <div role="status">
        {done && (
          <p className="rounded-xl border border-court-500/50 p-3 text-sm text-slate-100" data-testid="import-outcome">
            {done.added === 1 ? '1 entry added' : `${done.added} entries added`}
            {done.alreadyAdded > 0 && ` (${done.alreadyAdded} already added by an earlier import)`}:{' '}
            {done.entries.map((e) => `${e.entry.nickname} ${e.entry.code}`).join(', ')}.
          </p>
        )}
      </div>
      <FormFooter message={message} pending={run.isPending} label="Import entries" busyLabel="Importing..." />
    </form>
  );
}
