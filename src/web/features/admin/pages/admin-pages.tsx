import type { ComponentType } from 'react';
import type { AdminScreen } from '../../../app/paths';
import { AdminBoardsPage } from './admin-boards-page';
import { AdminEntriesPage } from './admin-entries-page';
import { AdminKpiPage } from './admin-kpi-page';
import { AdminLoginsPage } from './admin-logins-page';

/** The admin screens by name: one lazy import in the router for all four keeps the app shell small. */
export const adminPages: Record<AdminScreen, ComponentType> = {
  kpi: AdminKpiPage,
  logins: AdminLoginsPage,
  entries: AdminEntriesPage,
  boards: AdminBoardsPage,
};
