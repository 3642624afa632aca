import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

/*
 * Operon's Terms and Conditions, written for this product. Keep the facts in
 * step with the implementation (docs/PRODUCT.md): two-factor on every account,
 * append-only inspection records kept at least 14 months, upload types and
 * sizes, what account deletion removes. Have counsel review before launch.
 * The Spanish translation (terms-text-es.tsx) follows this text section by section: change both.
 */

export const TERMS_EFFECTIVE_DATE = '2026-11-22'
export const TERMS_EFFECTIVE_DATE_TEXT = 'November 22, 2026'
const SUPPORT_EMAIL = 'support@operon.app'

export type Level = 1 | 2 | 3 | 4
const headingTags = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4' } as const
const headingStyles: Record<Level, string> = {
  1: 'text-2xl font-semibold tracking-tight sm:text-3xl',
  2: 'mt-8 text-xl font-semibold tracking-tight',
  3: 'mt-6 text-lg font-semibold',
  4: 'mt-4 text-base font-semibold',
}

export function Heading({ level, id, children }: { level: Level; id?: string; children: React.ReactNode }) {
  const Tag = headingTags[level]
  return (
    <Tag id={id} className={cn('scroll-mt-20 text-foreground', headingStyles[level])}>
      {children}
    </Tag>
  )
}

export function P({ children }: { children: React.ReactNode }) {
  return <p className="mt-3 leading-7">{children}</p>
}

export function Ul({ children }: { children: React.ReactNode }) {
  return <ul className="mt-3 ml-6 list-disc space-y-2 leading-7">{children}</ul>
}

export function Ol({ children }: { children: React.ReactNode }) {
  return <ol className="mt-3 ml-6 list-decimal space-y-2 leading-7">{children}</ol>
}

export function Mail() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline underline-offset-4">
      {SUPPORT_EMAIL}
    </a>
  )
}

export type DeclarationProps = {
  /** Heading level of the declaration's own title; `null` hides it (e.g. inside a dialog with its own title). */
  headingLevel?: 2 | 3 | 4 | null
  className?: string
}

/**
 * The driver eligibility declaration. Shown in the registration terms dialog
 * and as section 5 of the Terms.
 */
export function DriverEligibilityDeclaration({ headingLevel = 2, className }: DeclarationProps) {
  const headingId = React.useId()
  return (
    <section
      aria-labelledby={headingLevel ? headingId : undefined}
      aria-label={headingLevel ? undefined : 'Driver eligibility declaration'}
      className={cn('text-sm text-foreground sm:text-base', className)}
    >
      {headingLevel ? (
        <Heading level={headingLevel} id={headingId}>
          5. Driver eligibility declaration
        </Heading>
      ) : null}
      <P>
        This declaration applies to every person who holds, requests or uses the Driver role in
        Operon. By requesting the Driver role, by accepting these Terms with the Driver role, and
        again each time you file a pre-trip inspection, you declare to Operon and to each company
        for which you drive that:
      </P>
      <Ol>
        <li>
          <strong>Licence.</strong> You hold a valid driving licence, with every class and
          endorsement (for example a commercial driver's licence with a passenger endorsement)
          required by the law of the place where you drive, for each vehicle you drive. Your
          licence is not suspended, revoked, cancelled or restricted in a way that prevents you
          from driving that vehicle.
        </li>
        <li>
          <strong>Medical fitness.</strong> You are medically fit to drive the vehicle, you hold
          any medical certificate the law requires of drivers of such vehicles, and you will not
          drive while you have a condition, or take a medicine, that impairs your ability to drive
          safely.
        </li>
        <li>
          <strong>Not impaired.</strong> You will not drive, or file a pre-trip inspection, while
          under the influence of alcohol, drugs or any other substance, or while fatigued or
          otherwise impaired, and you will comply with the hours-of-service and rest-period rules
          that apply to you.
        </li>
        <li>
          <strong>Truthful pre-trip inspections.</strong> You will personally carry out every
          pre-trip inspection you file, before the trip, and your answers, damage descriptions,
          photos, times and odometer readings will be true and complete. You will mark as
          Defective every item you find defective and will not drive a vehicle that is not safe to
          operate. Where you first recorded an inspection on paper, you will transcribe it
          faithfully within the period the Service allows.
        </li>
        <li>
          <strong>Your signature.</strong> The signature you draw in the Service is your signature
          on that record, and you sign only records that you made yourself.
        </li>
        <li>
          <strong>Changes.</strong> You will immediately tell the company you drive for, and stop
          driving for it, if any statement above stops being true, for example if your licence is
          suspended or you become medically unfit.
        </li>
      </Ol>
      <P>
        You understand that filed inspections are legal records that cannot be changed once filed
        (section 6), that companies and authorities rely on them for the safety of passengers and
        the public, and that a false declaration or a false record may lead to the suspension of
        your account and may be an offence under the law that applies to you. Operon does not
        verify licences, medical fitness or inspection answers; your company is responsible for
        checking your qualifications before it accepts you as a driver.
      </P>
    </section>
  )
}

export type TermsTextProps = {
  /** Level of the document title. 1 on the /TermsAndConditions page; 2 inside a dialog. */
  titleLevel?: 1 | 2
  className?: string
}

/** The full Terms and Conditions of Operon. */
export function TermsText({ titleLevel = 1, className }: TermsTextProps) {
  const h = (titleLevel + 1) as Level
  const sub = (titleLevel + 2) as Level
  return (
    <article className={cn('text-sm text-foreground sm:text-base', className)}>
      <Heading level={titleLevel}>Operon Terms and Conditions</Heading>
      <p className="mt-2 text-sm text-muted-foreground">
        Effective date: <time dateTime={TERMS_EFFECTIVE_DATE}>{TERMS_EFFECTIVE_DATE_TEXT}</time>
      </p>
      <P>
        Please read these Terms carefully. They contain a limitation of our liability (section
        15), a choice of the law of the State of California and of courts in California (section
        19), and the declaration that every driver makes (section 5).
      </P>

      <Heading level={h}>1. Who we are and what these Terms cover</Heading>
      <P>
        These Terms and Conditions (the "Terms") govern your access to and use of Operon, a web
        application and its programming interfaces for managing fleets, pre-trip inspections,
        periodic inspections, repairs, vehicle documents, vehicle operation requests and employees
        in the bus and vehicle sector (the "Service").
      </P>
      <P>
        The Service is offered by Operon GmbH, a limited liability company organised under the
        laws of Switzerland with its seat in Zurich, Switzerland ("Operon", "we", "us" or "our").
      </P>
      <P>
        "You" means the individual who uses the Service. A "Company" is a business registered in
        the Service as an owner, operator or repair shop. Where you use the Service for a Company,
        "you" also means that Company, and you confirm that you are authorised to bind it to these
        Terms. A "User" is anyone with an account.
      </P>

      <Heading level={h}>2. Acceptance</Heading>
      <P>
        You accept these Terms by ticking the box on the registration form, by completing a
        registration through an external sign-in provider, or by using the Service. If you do not
        accept them, do not use the Service. You must be at least 18 years old and legally able
        to enter into a contract. A Company may have a separate written agreement with us; if it
        conflicts with these Terms, that agreement prevails for that Company.
      </P>

      <Heading level={h}>3. Accounts and security</Heading>
      <Ul>
        <li>
          Give true, current and complete information when you register and keep your profile,
          including your licences, up to date.
        </li>
        <li>
          An account is personal. Do not share your password, your codes or your account with
          anyone, and do not use another person's account.
        </li>
        <li>
          Two-factor authentication is required for every account. You choose an authenticator
          app or codes sent by email. Keep the device running your authenticator app and access to
          your email account secure, and reset your authenticator from your profile if you lose
          the device or think the secret was exposed.
        </li>
        <li>
          Use a strong password that you do not use elsewhere. We store passwords only in hashed
          form and will never ask you for your password or a sign-in code by email or phone.
        </li>
        <li>
          If you sign in with Google or Apple, that provider's terms also apply to the sign-in,
          and you must keep that account secure as well.
        </li>
        <li>
          Tell us at <Mail /> without delay if you believe your account has been used without your
          permission. We may suspend an account or require a password or authenticator reset to
          protect you, a Company or the Service.
        </li>
        <li>
          You are responsible for what is done with your account, unless it results from our
          failure to meet our security obligations.
        </li>
      </Ul>

      <Heading level={h}>4. Roles and Company responsibilities</Heading>
      <P>The Service has the following roles, which a User holds in a particular Company:</P>
      <Ul>
        <li>
          <strong>Owners</strong> register vehicles, keep vehicle data and documents, choose a
          repair shop, and answer requests from operators to operate their vehicles.
        </li>
        <li>
          <strong>Operators</strong> (transport companies) request to operate owners' vehicles,
          manage their employees, accept or reject drivers' join requests and see their
          statistics.
        </li>
        <li>
          <strong>Repair shops</strong> receive repair actions, manage their mechanics and accept
          or reject mechanics' join requests.
        </li>
        <li>
          <strong>Drivers</strong> file pre-trip inspections for the vehicles they drive.
        </li>
        <li>
          <strong>Mechanics</strong> file periodic inspections and complete repair tasks.
        </li>
      </Ul>
      <P>Each Company, through the Users who manage it, is responsible for:</P>
      <Ul>
        <li>
          checking, before it accepts a join request or activates a role, that the person is who
          they claim to be and holds the licences, endorsements, medical certificates, training
          and qualifications that the law and the Company's own rules require, and checking them
          again as they expire;
        </li>
        <li>deactivating the roles of people who leave the Company or are no longer qualified;</li>
        <li>
          the accuracy of its vehicle data, documents, licence, insurance and inspection dates,
          and its settings (such as its time zone and chosen repair shop);
        </li>
        <li>
          deciding whether a vehicle is fit to be used, acting on defects reported in the Service,
          and meeting every legal obligation that applies to it, including transport, vehicle
          safety, record-keeping, employment and data protection law;
        </li>
        <li>
          its agreements with other Companies. When an owner approves an operator's request, the
          resulting arrangement is between those two Companies; Operon is not a party to it and
          does not verify or enforce it.
        </li>
      </Ul>
      <P>
        Expiry warnings, alerts and statistics in the Service are aids. They do not replace a
        Company's own compliance processes.
      </P>

      <DriverEligibilityDeclaration headingLevel={h as 2 | 3} />

      <P>
        Mechanics likewise declare that they hold the qualifications required for the work they
        record, that they personally carry out each inspection and repair task they file or
        complete, and that what they record, including the status of each item, comments, photos
        and the certification that defects were corrected, is true and complete.
      </P>

      <Heading level={h}>6. Inspection records are legal records</Heading>
      <Ul>
        <li>
          Pre-trip inspections, periodic inspections, repair actions and their signatures, photos
          and times ("Inspection Records") are records that Companies may be required by law to
          make and keep, and that authorities, insurers and courts may rely on.
        </li>
        <li>
          Once filed, an Inspection Record cannot be edited or deleted by any User, including the
          Company's managers. A mistake is corrected by filing a new record; the original stays.
        </li>
        <li>
          We keep each Inspection Record for at least 14 months from the date it is filed, and
          longer where the law or the Company's agreement with us requires. This applies even if
          the User who filed it deletes their account or leaves the Company; the record keeps the
          name as signed.
        </li>
        <li>
          A drawn signature is an electronic signature: it records that the named person made and
          approved the record.
        </li>
        <li>
          We may disclose Inspection Records to the Company they belong to and, where the law
          requires us to, to an authority or court.
        </li>
      </Ul>

      <Heading level={h}>7. Data and privacy</Heading>
      <Heading level={sub}>7.1 Who is responsible</Heading>
      <P>
        For the data a Company keeps in the Service about its vehicles, employees and records,
        the Company is the controller and Operon processes that data on the Company's behalf and
        on its instructions. For your account, sign-in and security data, Operon GmbH, Zurich,
        Switzerland, is the controller.
      </P>
      <Heading level={sub}>7.2 What we process and why</Heading>
      <Ul>
        <li>
          Account and profile data: name, email address, password hash, two-factor settings,
          date of birth, gender, country and state, phone number, profile photo, licences, roles
          and Company memberships.
        </li>
        <li>
          Operational data: vehicles, documents, requests, Inspection Records, repair actions,
          photos, signatures, odometer readings and times.
        </li>
        <li>
          Technical data: IP address, browser, sign-in times and security events, kept to protect
          accounts and the Service.
        </li>
      </Ul>
      <P>
        We use this data to provide and secure the Service, to authenticate you, to send emails
        you need (such as sign-in codes and password reset links), to answer support requests,
        to meet our legal obligations, and to produce statistics for the Companies you work for.
        We do not sell personal data, we do not use it for advertising, and we do not show
        advertising in the Service.
      </P>
      <Heading level={sub}>7.3 Cookies</Heading>
      <P>
        We use only cookies and browser storage that are strictly necessary to keep you signed in
        and to protect the Service. We do not use tracking or advertising cookies.
      </P>
      <Heading level={sub}>7.4 Recipients and transfers</Heading>
      <P>
        Your data is visible to the Companies you belong to, within the limits of your roles. We
        use service providers for hosting and email delivery, bound by contract to confidentiality
        and to process data only on our instructions. Data may be processed in Switzerland, the
        European Economic Area and the United States. Where data leaves Switzerland or the EEA for
        a country without an adequate level of protection, we use recognised safeguards such as
        standard contractual clauses.
      </P>
      <Heading level={sub}>7.5 Retention</Heading>
      <P>
        We keep your data while your account exists. When you delete your account we remove your
        credentials, sessions, profile data and photo, except the data in Inspection Records that
        must be kept (section 6) and data we must keep by law. Backups are overwritten in the
        ordinary course of operations.
      </P>
      <Heading level={sub}>7.6 Your rights</Heading>
      <P>
        Depending on where you live, you may have the right to access, correct, delete, restrict
        or receive a copy of your data, and to object to its processing. California residents
        have the rights given by the California Consumer Privacy Act. Requests about data a
        Company controls are passed to that Company. Write to <Mail />. You may also complain to a
        data protection authority, such as the Swiss Federal Data Protection and Information
        Commissioner or the authority where you live.
      </P>
      <Heading level={sub}>7.7 Security</Heading>
      <P>
        We protect data with measures appropriate to the risk, including encrypted connections,
        hashed passwords, two-factor authentication and access controls by role. No system is
        completely secure; we will inform affected Companies and Users of a personal data breach
        as the law requires.
      </P>

      <Heading level={h}>8. Your uploads</Heading>
      <Ul>
        <li>
          You keep the rights you have in the documents, photos, signatures and other content you
          upload ("Your Content"). You grant Operon a worldwide, non-exclusive, royalty-free
          licence to host, store, copy, process, display and transmit Your Content only as needed
          to provide, secure and support the Service.
        </li>
        <li>
          Upload only content that you have the right to upload and that the Company may lawfully
          keep. Documents may be PDF, Word, Excel, PNG or JPEG files of up to 5 MB each; vehicle
          images are cropped and compressed.
        </li>
        <li>
          Do not upload malware or content that is unlawful, and avoid personal data that the
          record does not need, such as faces of passengers or bystanders in vehicle photos.
          Upload health information, such as a medical certificate, only where the law requires
          the Company to keep it.
        </li>
        <li>We may remove content that breaches these Terms or the law.</li>
      </Ul>

      <Heading level={h}>9. Acceptable use</Heading>
      <P>You must not:</P>
      <Ul>
        <li>
          file false or incomplete records, give a record a false date or time, or sign in another
          person's name;
        </li>
        <li>access data of a Company, vehicle or User that your roles do not give you;</li>
        <li>
          probe, scan or test the vulnerability of the Service, or bypass its captcha, rate limits
          or other security measures, except in a security test we have approved in writing;
        </li>
        <li>
          overload the Service, use automated means to access it other than its documented
          programming interfaces, or copy it to build a competing product;
        </li>
        <li>harass anyone, infringe anyone's rights, or break the law using the Service.</li>
      </Ul>
      <P>
        If you find a security weakness, please report it to <Mail /> and give us a reasonable
        time to fix it before telling anyone else.
      </P>

      <Heading level={h}>10. Availability and support</Heading>
      <P>
        We work to keep the Service available and to fix faults promptly, but we do not promise
        that it will be uninterrupted or error free. We may carry out maintenance, preferably
        outside usual working hours and with notice where possible. The Service is not an
        emergency or safety system: a Company must have a way to inspect vehicles and keep
        records when the Service is unavailable, for example on paper. Support is provided by
        email at <Mail />.
      </P>

      <Heading level={h}>11. Fees</Heading>
      <P>
        Fees, if any, are set out in an order form or price list agreed with the Company. Where
        there is no such agreement, the Service is provided without charge. We will give at least
        30 days' notice before we introduce a fee or change one, and a new fee never applies
        retroactively. Fees are exclusive of taxes unless stated otherwise.
      </P>

      <Heading level={h}>12. Intellectual property</Heading>
      <P>
        The Service, its software, design, texts and the Operon name and logo belong to Operon
        GmbH or its licensors. We grant you a limited, non-exclusive, non-transferable, revocable
        right to use the Service under these Terms for your own or your Company's business. The
        VIN decoder uses public data of the United States National Highway Traffic Safety
        Administration; open-source components are used under their own licences. If you send us
        feedback, we may use it without obligation to you.
      </P>

      <Heading level={h}>13. Third-party services</Heading>
      <P>
        Optional external sign-in (Google, Apple) and other third-party services are provided by
        those third parties under their own terms. We are not responsible for them, and vehicle
        data decoded from a VIN may be incomplete or inaccurate: check it before you save it.
      </P>

      <Heading level={h}>14. Disclaimers</Heading>
      <P>
        To the extent permitted by law, the Service is provided "as is" and "as available",
        without warranties of any kind, whether express or implied, including warranties of
        merchantability, fitness for a particular purpose and non-infringement. Operon does not
        inspect, repair or certify vehicles, does not verify the qualifications of Users, and does
        not decide whether a vehicle is roadworthy. Responsibility for the safe operation of
        vehicles remains with the Companies and people who operate, inspect and repair them.
      </P>

      <Heading level={h}>15. Limitation of liability</Heading>
      <P>
        To the extent permitted by law, Operon is not liable for indirect, incidental, special,
        consequential or punitive damages, or for lost profits, revenue, data or goodwill, arising
        from or related to the Service or these Terms. Operon's total liability for all claims
        arising from or related to the Service or these Terms is limited to the greater of the
        fees paid by you or your Company for the Service in the 12 months before the event giving
        rise to the claim, and one hundred US dollars (USD 100).
      </P>
      <P>
        Nothing in these Terms limits liability for fraud, wilful misconduct or gross negligence,
        for death or personal injury caused by negligence, or any other liability that cannot be
        limited or excluded under the applicable law.
      </P>

      <Heading level={h}>16. Indemnity</Heading>
      <P>
        To the extent permitted by law, you (and, where you act for a Company, that Company) will
        defend and indemnify Operon GmbH, its officers, employees and agents against third-party
        claims, losses and reasonable costs, including reasonable legal fees, arising from Your
        Content, from false records or declarations made with your account, or from your breach of
        these Terms or of the law.
      </P>

      <Heading level={h}>17. Termination and account deletion</Heading>
      <Ul>
        <li>
          You may stop using the Service at any time and delete your account from your profile.
          Deletion is refused while you are the last active manager of a Company; first give
          another User that role.
        </li>
        <li>
          Deleting your account removes your credentials, sessions, profile data and photo and
          frees your email address. Inspection Records you filed or signed remain, with your name
          as signed, for the retention period in section 6.
        </li>
        <li>
          We may suspend or close an account or a Company's access, with notice where reasonable,
          if these Terms are seriously or repeatedly breached, if required by law, or to prevent
          harm to Users, passengers or the Service.
        </li>
        <li>
          A Company that stops using the Service may ask us at <Mail />, within 30 days after it
          stops, for a copy of its records in a commonly used format.
        </li>
        <li>
          Sections 6, 7, 12 and 14 to 20 continue to apply after these Terms end.
        </li>
      </Ul>

      <Heading level={h}>18. Changes</Heading>
      <P>
        We may change the Service and these Terms. We will announce material changes to these
        Terms at least 30 days before they take effect, by email or in the Service, unless a
        change is required sooner by law or to address a security risk. The effective date above
        shows the current version. If you do not accept a change, stop using the Service and
        delete your account before it takes effect; continued use after that date means that you
        accept the change.
      </P>

      <Heading level={h}>19. Governing law and venue</Heading>
      <P>
        These Terms and any dispute arising from or related to them or the Service are governed by
        the laws of the State of California, USA, without regard to its conflict-of-laws rules.
        The United Nations Convention on Contracts for the International Sale of Goods does not
        apply. The state and federal courts located in San Francisco County, California, have
        exclusive jurisdiction, and you and Operon consent to their personal jurisdiction.
        Mandatory consumer protection rules of the country where you live, where they apply to
        you, are not affected.
      </P>

      <Heading level={h}>20. General</Heading>
      <P>
        These Terms, together with any written agreement between us and a Company, are the entire
        agreement about the Service. If a provision is held invalid, the rest remains in effect.
        Our failure to enforce a right is not a waiver of it. You may not transfer your rights
        under these Terms without our consent; we may transfer ours to a successor of our
        business. Neither party is liable for delays caused by events beyond its reasonable
        control. These Terms are written in English; a translation is for convenience only.
      </P>

      <Heading level={h}>21. Contact</Heading>
      <P>
        Operon GmbH, Zurich, Switzerland. Email: <Mail />.
      </P>
    </article>
  )
}
