import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-template.js';

describe('renderEmail', () => {
  it('renders an HTML part and a text part with the same words, the action link and the footer link', async () => {
    const mail = await renderEmail({
      lang: 'fr',
      title: 'Invitation',
      paragraphs: ['Metro Mart vous invite.', 'Deuxième ligne.'],
      action: { label: 'Ouvrir', url: 'https://rally.test/campaign-view/7' },
      footerLink: { label: 'Se désabonner', url: 'https://rally.test/u/abc' },
    });
    expect(mail.html).toContain('lang="fr"');
    expect(mail.html).toContain('Metro Mart vous invite.');
    expect(mail.html).toContain('href="https://rally.test/campaign-view/7"');
    expect(mail.text).toContain('Deuxième ligne.');
    expect(mail.text).toContain('Ouvrir: https://rally.test/campaign-view/7');
    expect(mail.text).toContain('Se désabonner: https://rally.test/u/abc');
  });

  it('escapes markup in user-supplied text', async () => {
    const mail = await renderEmail({ lang: 'en', title: 'Hi', paragraphs: ['<script>alert(1)</script> & co'] });
    expect(mail.html).not.toContain('<script>alert(1)');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
  });
});
