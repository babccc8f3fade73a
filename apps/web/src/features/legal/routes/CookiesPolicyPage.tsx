/** /legal/cookies: the company's Cookies Policy, fixed text (002 §2.15; last updated 21 November 2023). */
import { Link } from 'react-router';
import { LegalDocument, LegalTable } from '../components/LegalDocument';
import { paths } from '../../../lib/paths';

export default function CookiesPolicyPage() {
  return (
    <LegalDocument title="Cookies Policy" updated={{ iso: '2023-11-21', label: '21 November 2023' }}>
      <p>
        This policy explains how Wayguard Ltd uses cookies and similar technologies on the Wayguard websites and in the
        Wayguard Console. It should be read together with our{' '}
        <Link to={paths.legal.privacy.href()}>Privacy Policy</Link>.
      </p>

      <h2>1. What cookies are</h2>
      <p>
        A cookie is a small text file that a website stores on your computer or mobile device. Websites can also keep
        information in your browser’s local storage, which works in a similar way but is never sent to the website’s
        server by itself. We use the word “cookies” for both.
      </p>

      <h2>2. The cookies we use</h2>
      <p>
        We use only <strong>strictly necessary</strong> cookies: without them you could not sign in or use the Console
        securely. The Privacy and Electronic Communications Regulations (PECR) allow these without your consent. We do
        not use analytics, advertising or social media cookies, and we do not let third parties set cookies through our
        websites.
      </p>
      <LegalTable label="Cookies and local storage we use">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Purpose</th>
            <th scope="col">How long it lasts</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>wg_session</td>
            <td>Cookie (strictly necessary)</td>
            <td>
              Keeps you signed in to the Console. It holds a random identifier only, cannot be read by scripts and is
              sent only to our own site.
            </td>
            <td>Until you sign out, or after 30 minutes without activity (12 hours at most).</td>
          </tr>
          <tr>
            <td>wg.session, wg.csrf</td>
            <td>Local storage (strictly necessary)</td>
            <td>
              Tell the Console that you are signed in, and hold a security token that protects your account against
              cross-site request forgery.
            </td>
            <td>Until you sign out or your session ends.</td>
          </tr>
          <tr>
            <td>wg.previousLocation</td>
            <td>Local storage (strictly necessary)</td>
            <td>Remembers the last page you opened, so that we can take you back to it.</td>
            <td>Until you clear your browser’s storage.</td>
          </tr>
          <tr>
            <td>Display preferences (names starting with wg. or mantine-)</td>
            <td>Local storage (functional)</td>
            <td>
              Remember choices you make in the Console, such as the light or dark colour scheme, a collapsed notice or
              the way a list is sorted and filtered.
            </td>
            <td>Until you change the choice or clear your browser’s storage.</td>
          </tr>
        </tbody>
      </LegalTable>
      <p>
        The display preferences are stored only because you asked for them, stay on your device and are never used to
        track you.
      </p>

      <h2>3. Managing cookies</h2>
      <p>
        Most browsers let you see, block and delete cookies and local storage in their settings. If you block the
        strictly necessary cookies you will not be able to sign in to the Console. If you delete the display
        preferences, the Console will simply use its defaults again.
      </p>

      <h2>4. Changes to this policy</h2>
      <p>
        If we ever want to use cookies that are not strictly necessary, such as analytics cookies, we will update this
        policy and ask for your consent before setting them. The date at the top of this page shows when the policy last
        changed.
      </p>

      <h2>5. Contact us</h2>
      <p>
        If you have questions about our use of cookies, please e-mail{' '}
        <a href="mailto:privacy@wayguard.example">privacy@wayguard.example</a> or use the{' '}
        <Link to={paths.support.contact.href()}>Contact Us</Link> page.
      </p>
    </LegalDocument>
  );
}
