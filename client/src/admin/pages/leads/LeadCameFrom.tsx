import { LEAD_CHANNEL_LABELS, type LeadSource } from '../../../../../shared/lead-source.js';
import { FactsTable, LeadSection } from './lead-parts.js';

/**
 * Where the visitor came from (decision 047): the channel, the campaign and its tags, the site that linked to them
 * and the pages of their visit, only what is known. Counsellors read it before calling ("you saw our Canada intake
 * ad"); leads stored before it was recorded say so.
 */
export function LeadCameFrom({ source }: { source: LeadSource | null }) {
  if (!source) return null;
  const tags = [source.utm_source, source.utm_medium].filter(Boolean).join(' / ');
  const facts: [string, string | null][] = [
    ['Channel', LEAD_CHANNEL_LABELS[source.channel]],
    ['Campaign', source.utm_campaign ?? null],
    ['Source / medium', tags || null],
    ['Linked from', source.referrer ?? null],
    ['First page', source.landing_page ?? null],
    ['Sent from', source.form_page ?? null],
  ];
  return (
    <LeadSection title="Came from">
      <FactsTable
        variant="vertical"
        labelWidth={160}
        facts={facts.filter((fact): fact is [string, string] => fact[1] !== null)}
      />
    </LeadSection>
  );
}
