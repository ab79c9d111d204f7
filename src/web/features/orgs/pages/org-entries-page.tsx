import { EntriesScreen } from '../../admin';
import { OrgConsolePage } from '../components/org-console';

/**
 * `/orgs/:org/entries`: the entries of the organization's boards, newest first, with their CSV; adding, importing,
 * collecting and deleting for the roles that may.
 */
export function OrgEntriesPage() {
  return <OrgConsolePage title="Entries">{() => <EntriesScreen />}</OrgConsolePage>;
}
