import type { APIRoute, GetStaticPaths } from 'astro';
import { eventIcs, type EventItem } from '../../lib/events.ts';
import { getEvents } from '../../data/content.ts';
import { absoluteUrl } from '../../lib/seo.ts';
import { site } from '../../lib/site.ts';

/** One iCalendar file per event (/events/{id}.ics), made at build time. */
export const getStaticPaths = (async () => {
  return (await getEvents()).map((event) => ({ params: { id: event.id }, props: { event } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ event: EventItem }> = ({ props }) => {
  const { event } = props;
  const body = eventIcs(event, {
    url: absoluteUrl(site, `/events/${event.id}`),
    domain: new URL(site.url).hostname,
    stamp: new Date().toISOString(),
    organisation: site.name,
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${event.id}.ics"`,
    },
  });
};
