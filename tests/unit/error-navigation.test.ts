import { describe, expect, it } from 'vitest';
import { storeErrorMessage, takeErrorMessage, type MessageStore } from '../../src/lib/error-navigation.ts';

function memoryStore(): MessageStore {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('error page message hand-over', () => {
  it('hands a stored message over once', () => {
    const store = memoryStore();
    storeErrorMessage(store, "We're having trouble loading our programs. Please try again later.");
    expect(takeErrorMessage(store)).toBe("We're having trouble loading our programs. Please try again later.");
    expect(takeErrorMessage(store)).toBeNull();
  });

  it('prefers navigation state and ignores blank messages', () => {
    const store = memoryStore();
    storeErrorMessage(store, 'stored');
    expect(takeErrorMessage(store, { message: 'from state' })).toBe('from state');
    expect(takeErrorMessage(memoryStore(), { message: '   ' })).toBeNull();
    expect(takeErrorMessage(memoryStore(), 'not an object')).toBeNull();
  });

  it('caps what it keeps', () => {
    const store = memoryStore();
    storeErrorMessage(store, 'x'.repeat(2000));
    expect(takeErrorMessage(store)).toHaveLength(500);
  });
});
