import { useParams } from 'react-router';
import { BoardScreen } from '../../admin';
import { OrgConsolePage, orgBoardsPath } from '../components/org-console';

/**
 * `/orgs/:org/boards/:slug`: one of the organization's boards: open, lock or cancel it, enter and confirm its
 * scores (each for the roles that may), and its results and winners.
 */
export function OrgBoardPage() {
  const { org = '', slug = '' } = useParams();
  return (
    <OrgConsolePage title={`Board ${slug}`} back={{ to: orgBoardsPath(org), label: 'Boards' }}>
      {() => <BoardScreen slug={slug} />}
    </OrgConsolePage>
  );
}
