import { describe, expect, it } from 'vitest';
import { changedFieldWords, fieldWords } from './activity-words.js';

describe('a changed column in words', () => {
  it('drops what says nothing to staff and writes names their own way', () => {
    expect(fieldWords('messenger_url')).toBe('Messenger');
    expect(fieldWords('image_id')).toBe('Image');
    expect(fieldWords('is_popular')).toBe('Popular');
    expect(fieldWords('whatsapp_number')).toBe('WhatsApp number');
    expect(fieldWords('whatsapp')).toBe('WhatsApp');
    expect(fieldWords('alt_text')).toBe('Alternative text');
    expect(fieldWords('alt_text_reviewed')).toBe('Alternative text reviewed');
  });

  it('lists the fields a change told, leaving out ids and fingerprints', () => {
    expect(changedFieldWords({ id: 4, title: 'x', body_html: 'y', content_sha256: 'z' })).toBe('Title, Body');
  });
});
