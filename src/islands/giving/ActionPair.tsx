/** The two buttons under a step of "Manage my giving": the action (a spinner while it runs) and the way back, which returns focus where the step began. */
import type { ReactNode, RefObject } from 'react';
import { Spinner } from '../form-kit/frame.tsx';

interface ActionPairProps {
  busy: boolean;
  /** The action's words; a submit button when `onAction` is not given (inside a form). */
  action: ReactNode;
  onAction?: () => void;
  actionRef?: RefObject<HTMLButtonElement | null>;
  danger?: boolean;
  back: ReactNode;
  onBack: () => void;
  /** Where focus goes once the step closes: the button that opened it. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

export function ActionPair({ busy, action, onAction, actionRef, danger = false, back, onBack, returnFocus }: ActionPairProps) {
  return (
    <div className="giving-actions">
      <button ref={actionRef} type={onAction ? 'button' : 'submit'} className={`sipa-button${danger ? ' sipa-button--danger' : ''}`} disabled={busy} onClick={onAction}>
        {busy ? <Spinner /> : null}
        <span>{action}</span>
      </button>
      <button
        type="button"
        className="sipa-button sipa-button--secondary"
        disabled={busy}
        onClick={() => {
          onBack();
          requestAnimationFrame(() => returnFocus.current?.focus());
        }}
      >
        {back}
      </button>
    </div>
  );
}
