/**
 * The way forward under every form failure: the spec's message stays as it is, and this line
 * offers the phone number and office hours, in the form's language (formCallUs, handed down
 * through FormKitWords). The phone number is read from content/site.json by name, so the island
 * bundle carries only those strings, not the whole site config.
 */
import { phone, phoneDisplay } from '../../content/site.json';
import { useFormKitWords } from './form-kit/texts.ts';

export function WayForward() {
  const [before, after = ''] = useFormKitWords().formCallUs.split('{phone}');
  return (
    <p className="form-alert__way-forward">
      {before}
      <a href={`tel:${phone}`}>{phoneDisplay}</a>
      {after}
    </p>
  );
}
