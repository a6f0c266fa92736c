/**
 * Sign In and Create Account as tabs (the hosted widget's signIn and signUp), shown only when the
 * server allows sign-up. Arrow keys move between the two tabs, as the ARIA tabs pattern expects.
 */
import { useRef, type KeyboardEvent } from 'react';
import { SELF_SERVICE_TEXT } from '../../../lib/self-service-messages.ts';

export type TabStep = 'sign-in' | 'sign-up';
export const TAB_PANEL_ID = 'staff-sign-in-panel';

export function SignInTabs({ current, onChange }: { current: TabStep; onChange: (next: TabStep) => void }) {
  const refs = { 'sign-in': useRef<HTMLButtonElement>(null), 'sign-up': useRef<HTMLButtonElement>(null) };
  const tabs: Array<{ step: TabStep; label: string }> = [
    { step: 'sign-in', label: SELF_SERVICE_TEXT.signInTab },
    { step: 'sign-up', label: SELF_SERVICE_TEXT.signUpTab },
  ];
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: TabStep = event.key === 'Home' ? 'sign-in' : event.key === 'End' ? 'sign-up' : current === 'sign-in' ? 'sign-up' : 'sign-in';
    onChange(next);
    refs[next].current?.focus();
  };
  return (
    <div className="staff-tabs" role="tablist" aria-label="Staff account" onKeyDown={onKey}>
      {tabs.map((tab) => (
        <button
          key={tab.step}
          ref={refs[tab.step]}
          type="button"
          role="tab"
          id={`staff-tab-${tab.step}`}
          className="staff-tabs__tab"
          aria-selected={current === tab.step}
          aria-controls={TAB_PANEL_ID}
          tabIndex={current === tab.step ? 0 : -1}
          onClick={() => onChange(tab.step)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
