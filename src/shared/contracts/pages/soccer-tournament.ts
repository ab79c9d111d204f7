import { z } from 'zod';
import {
  groupTeams,
  isCompleteRoundRobin,
  soccerGroups,
  soccerMatchesPerGroup,
  soccerTeamCount,
  soccerTeamsPerGroup,
  soccerTournamentDays,
  soccerVenueCount,
  tournamentDayCount,
} from '../../domain/soccer';
import { flagEmoji, isoDate } from './common';

const group = z.enum(soccerGroups);

/** Soccer team: name, flag, group, ranking (world ranking, 1 is best). */
export const soccerTeamSchema = z.object({
  name: z.string().min(1),
  flag: flagEmoji,
  group,
  ranking: z.number().int().positive(),
});
export type SoccerTeam = z.infer<typeof soccerTeamSchema>;

/** Venue: name, location, capacity, description. */
export const soccerVenueSchema = z.object({
  name: z.string().min(1),
  location: z.string().min(1),
  capacity: z.number().int().positive(),
  description: z.string().min(1),
});
export type SoccerVenue = z.infer<typeof soccerVenueSchema>;

/** A group-stage match; all six per group are TBA (kick-off and venue not yet announced). */
export const soccerMatchSchema = z.object({
  matchday: z.number().int().min(1).max(3),
  home: z.string().min(1),
  away: z.string().min(1),
  kickoff: z.literal('TBA'),
});
export type SoccerMatch = z.infer<typeof soccerMatchSchema>;

export const soccerGroupSchema = z.object({
  group,
  matches: z.array(soccerMatchSchema).length(soccerMatchesPerGroup),
});

/** The knockout format after the groups: quarter-finals, semi-finals, final. */
export const knockoutStageSchema = z.object({
  stage: z.enum(['Quarter-finals', 'Semi-finals', 'Final']),
  matches: z.number().int().positive(),
  dates: z.string().min(1),
  description: z.string().min(1),
});
export type KnockoutStage = z.infer<typeof knockoutStageSchema>;

/** The soccer tournament page (docs/product.md#f1-and-soccer): 16 teams in groups A-D of 4, 3 venues, 19 days, 10-28 July 2025. */
export const soccerTournamentPageSchema = z
  .object({
    name: z.string().min(1),
    summary: z.string().min(1),
    startDate: isoDate,
    endDate: isoDate,
    teams: z.array(soccerTeamSchema).length(soccerTeamCount),
    venues: z.array(soccerVenueSchema).length(soccerVenueCount),
    groups: z.array(soccerGroupSchema).length(soccerGroups.length),
    knockout: z.array(knockoutStageSchema).length(3),
  })
  .superRefine((page, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (tournamentDayCount(page.startDate, page.endDate) !== soccerTournamentDays) {
      issue(`The tournament runs ${soccerTournamentDays} days`, ['endDate']);
    }
    if (new Set(page.teams.map((t) => t.name)).size !== page.teams.length) issue('Team names are unique', ['teams']);

    const byGroup = groupTeams(page.teams);
    for (const g of soccerGroups) {
      if (byGroup[g].length !== soccerTeamsPerGroup) {
        issue(`Group ${g} has ${byGroup[g].length} teams; every group has ${soccerTeamsPerGroup}`, ['teams']);
      }
    }

    page.groups.forEach((entry, i) => {
      if (entry.group !== soccerGroups[i]) issue(`Groups are listed A-D: expected ${soccerGroups[i]}`, ['groups', i]);
      const names = byGroup[entry.group].map((t) => t.name);
      if (!isCompleteRoundRobin(names, entry.matches)) {
        issue(`Group ${entry.group}'s matches pair each of its teams once`, ['groups', i, 'matches']);
      }
    });

    page.knockout.forEach((k, i) => {
      const expected = (['Quarter-finals', 'Semi-finals', 'Final'] as const)[i];
      if (k.stage !== expected) issue(`Knockout stages run in order: expected ${expected}`, ['knockout', i, 'stage']);
    });
  });
export type SoccerTournamentPage = z.infer<typeof soccerTournamentPageSchema>;
