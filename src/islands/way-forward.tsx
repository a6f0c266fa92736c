/**
 * The way forward under every form failure: the spec's message stays as it is, and this line
 * offers the phone number and office hours. The two values are read from content/site.json by
 * name, so the island bundle carries only those strings, not the whole site config.
 */
import { phone, phoneDisplay } from '../../content/site.json';
import { OFFICE_HOURS } from '../lib/constants.ts';

export function WayForward() {
  return (
    <p className="form-alert__way-forward">
      You can also call us at <a href={`tel:${phone}`}>{phoneDisplay}</a>, {OFFICE_HOURS}.
    </p>
  );
}
