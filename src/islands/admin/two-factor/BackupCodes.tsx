/**
 * Ten backup codes, shown once: as a list, as a .txt download and on paper (the page prints only
 * the codes). The member says when they have kept them; nothing shows them again.
 */
import { TWO_FACTOR_TEXT } from '../../../lib/two-factor-messages.ts';

export const BACKUP_FILE_NAME = 'sipa-staff-backup-codes.txt';

function backupText(codes: string[], account: string): string {
  return [
    `Staff area backup codes${account ? ` for ${account}` : ''} (${location.host})`,
    `Made ${new Date().toISOString().slice(0, 10)}. Each code works once, when you cannot use your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

export function BackupCodes({ codes, account, onDone, headingId }: { codes: string[]; account?: string; onDone: () => void; headingId: string }) {
  function download() {
    const url = URL.createObjectURL(new Blob([backupText(codes, account ?? '')], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function print() {
    // Print rules in two-factor.css show only the codes while this class is on.
    document.documentElement.classList.add('two-factor-printing');
    const done = () => document.documentElement.classList.remove('two-factor-printing');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
  }

  return (
    <div className="two-factor-backup" role="group" aria-labelledby={headingId}>
      <h4 id={headingId} className="two-factor-step-title">
        {TWO_FACTOR_TEXT.backupHeadingSaved}
      </h4>
      <p className="staff-lead">{TWO_FACTOR_TEXT.backupLeadOnce}</p>
      <div className="two-factor-codes">
        <p className="two-factor-codes__print-title">Staff area backup codes{account ? ` for ${account}` : ''}</p>
        <ol className="two-factor-codes__list" aria-label={TWO_FACTOR_TEXT.backupHeadingSaved}>
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
      </div>
      <div className="two-factor-actions">
        <button type="button" className="sipa-button sipa-button--secondary" onClick={download}>
          {TWO_FACTOR_TEXT.download}
        </button>
        <button type="button" className="sipa-button sipa-button--secondary" onClick={print}>
          {TWO_FACTOR_TEXT.print}
        </button>
        <button type="button" className="sipa-button" onClick={onDone}>
          {TWO_FACTOR_TEXT.savedThem}
        </button>
      </div>
    </div>
  );
}
