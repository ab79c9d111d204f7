import { useParams, useRoutes } from 'react-router';
import { Page } from '../../../components/layout/page';
import { BoardScreen, BoardsScreen, EntriesScreen } from '../../admin';
import { OrgConsolePage, orgBoardPath, orgBoardsPath } from '../components/org-console';
import { OrgNotFound } from '../components/org-parts';

/**
 * `/orgs/:org/boards`: the organization's boards with their state and entries; "Create a board" for roles that
 * create boards (the organization is the path's, so the form does not ask for it). Each board opens its screen.
 */
function OrgBoardsPage() {
  return (
    <OrgConsolePage title="Boards">
      {(org) => <BoardsScreen boardHref={(board) => orgBoardPath(org, board)} />}
    </OrgConsolePage>
  );
}

/**
 * `/orgs/:org/boards/:slug`: one of the organization's boards: open, lock or cancel it, enter and confirm its
 * scores (each for the roles that may), and its results and winners.
 */
function OrgBoardPage() {
  const { org = '', slug = '' } = useParams();
  return (
    <OrgConsolePage title={`Board ${slug}`} back={{ to: orgBoardsPath(org), label: 'Boards' }}>
      {() => <BoardScreen slug={slug} />}
    </OrgConsolePage>
  );
}

/**
 * `/orgs/:org/entries`: the entries of the organization's boards, newest first, with their CSV; adding, importing,
 * collecting and deleting for the roles that may.
 */
function OrgEntriesPage() {
  return <OrgConsolePage title="Entries">{() => <EntriesScreen />}</OrgConsolePage>;
}

/**
 * `/orgs/:org/*`: the organizer screens, one module for the three (they share all their code, the admin board
 * screens), matched here so that the first load's route table carries a single route for them.
 */
export function OrgConsolePages() {
  return useRoutes([
    { path: 'boards', element: <OrgBoardsPage /> },
    { path: 'boards/:slug', element: <OrgBoardPage /> },
    { path: 'entries', element: <OrgEntriesPage /> },
    {
      path: '*',
      element: (
        <Page title="Page not found">
          <OrgNotFound message="Page not found" />
        </Page>
      ),
    },
  ]);
}
