import { BoardsScreen } from '../../admin';
import { OrgConsolePage, orgBoardPath } from '../components/org-console';

/**
 * `/orgs/:org/boards`: the organization's boards with their state and entries; "Create a board" for roles that
 * create boards (the organization is the path's, so the form does not ask for it). Each board opens its screen.
 */
export function OrgBoardsPage() {
  return (
    <OrgConsolePage title="Boards">
      {(org) => <BoardsScreen boardHref={(board) => orgBoardPath(org, board)} />}
    </OrgConsolePage>
  );
}
