import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addTeamInput, updateTeamInput } from '../../../../shared/team.schema.js';
import { pagedRows } from '../ui/DataTable.js';
import { useTrpc, useTrpcClient } from '../../trpc.js';
import { longText, picture, text } from '../ui/fields.js';
import { pictureColumn } from '../ui/thumbnails.js';
import type { SharedContentKind } from './shared-content.js';
import { certificatesColumn, certifications, memberCountries, type Member } from './team-certifications.js';

/**
 * The About Us team (spec §3 "Team member"), shared between countries, with the registrations each member holds in
 * their countries (e.g. ECAN in Nepal, MARN in Australia).
 */
export const TEAM: SharedContentKind<Member> = {
  title: 'Team Member',
  one: 'team member',
  Many: 'Team members',
  nameOf: (member) => member.name,
  columns: [
    pictureColumn('Photo', { w: 48, round: true }),
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'position', header: 'Position', cell: ({ row }) => row.original.position },
  ],
  columnsAfterCountries: [certificatesColumn],
  domain: 'team',
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const { team } = useTrpcClient();
    const list = useQuery(trpc.team.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
    return {
      list: pagedRows(list),
      add: team.add.mutate,
      update: team.update.mutate,
      link: (id, countryId) => team.addToOtherCountry.mutate({ team_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => team.deleteFromCountry.mutate({ team_id: id, country_id: countryId }),
      remove: (id, confirm) => team.delete.mutate({ team_id: id, confirm }),
    };
  },
  schemas: { add: addTeamInput, update: updateTeamInput },
  fields: [
    text('name', 'Name', { required: true }),
    text('position', 'Position', { required: true, description: 'e.g. Senior Counsellor' }),
    longText('description', 'Description'),
    text('email', 'Email', { type: 'email' }),
    text('whatsapp', 'WhatsApp', {
      type: 'tel',
      description: 'Phone number with the country code, e.g. +977 980 0000000',
    }),
    picture('Photo', 'TEAM', 'team'),
    // A member's countries change with "Add to another country" and "Remove from <country>" (as testimonials).
    {
      Input: ({ item: member }) =>
        member ? (
          <Text size="sm">
            Shown in {member.countries.map((c) => c.name).join(', ') || 'no country'}. To change the countries, use “Add
            to another country”, or delete the member in a country.
          </Text>
        ) : null,
    },
    memberCountries,
    certifications,
  ],
};
