import type { Translations } from './types.ts'

/** English → Spanish (decision 074): My Profile. */
export default {
  // Recent sign-ins and account activity (decision 079)
  'Recent sign-ins and account activity': 'Inicios de sesión y actividad recientes de la cuenta',
  'Only you see this list. If you do not recognise a sign-in, change your password.':
    'Solo usted ve esta lista. Si no reconoce un inicio de sesión, cambie su contraseña.',
  'No sign-ins recorded yet.': 'Todavía no hay inicios de sesión registrados.',
  'My Profile': 'Mi perfil',
  'Edit profile': 'Editar perfil',
  'All fields are required; the state only for the United States.': 'Todos los campos son obligatorios; el estado, solo para los Estados Unidos.',
  'Save changes': 'Guardar cambios',
  'Inspector qualification (49 CFR 396.19)': 'Calificación de inspector (49 CFR 396.19)',
  'On Operon since {date}': 'En Operon desde el {date}',
  // Language
  'The language of the pages and of the emails and PDFs Operon sends you.': 'El idioma de las páginas y de los correos y PDF que Operon le envía.',
  'Change language': 'Cambiar idioma',
  // Photo
  'Profile photo': 'Foto de perfil',
  'Preparing the photo…': 'Preparando la foto…',
  'JPEG, PNG or WebP, up to 2 MB.': 'JPEG, PNG o WebP, hasta 2 MB.',
  'This file is not a JPEG, PNG or WebP picture.': 'Este archivo no es una imagen JPEG, PNG o WebP.',
  'Remove photo': 'Quitar foto',
  // Licenses
  Licenses: 'Licencias',
  'No licenses yet': 'Todavía no hay licencias',
  'Add your driver licenses and endorsements with “Edit profile” so your companies see when they expire.':
    'Agregue sus licencias de conducir y endosos con “Editar perfil” para que sus empresas vean cuándo vencen.',
  'License type': 'Tipo de licencia',
  'License number': 'Número de licencia',
  Expiration: 'Vencimiento',
  Expires: 'Vence',
  'Expiration date': 'Fecha de vencimiento',
  'No licenses. Use “Add license” to add one.': 'No hay licencias. Use “Agregar licencia” para agregar una.',
  'License {number}': 'Licencia {number}',
  'Remove license {number}': 'Quitar la licencia {number}',
  Remove: 'Quitar',
  'Choose a type': 'Elija un tipo',
  'e.g. CA': 'p. ej. CA',
  'Add license': 'Agregar licencia',
  'Fill in the blank row to add a license; tick “Remove” to delete one.': 'Llene la fila vacía para agregar una licencia; marque “Quitar” para eliminar una.',
  // My companies
  'My companies': 'Mis empresas',
  'No companies yet': 'Todavía no hay empresas',
  'Ask your company for its company code and send a join request below, or create your company; your roles show here once accepted.':
    'Pida a su empresa su código de empresa y envíe abajo una solicitud para unirse, o cree su empresa; sus roles aparecen aquí una vez aceptados.',
  'My join requests': 'Mis solicitudes para unirme',
  'Create a company': 'Crear una empresa',
  'Company name': 'Nombre de la empresa',
  'Company types': 'Tipos de empresa',
  'Owner (owns buses)': 'Propietario (es dueño de autobuses)',
  'Operator (runs buses)': 'Operador (opera autobuses)',
  'Repair shop': 'Taller de reparación',
  'The first type ticked names the company code (OWN-, OPR- or RSH-).': 'El primer tipo marcado da nombre al código de empresa (OWN-, OPR- o RSH-).',
  'Time zone': 'Zona horaria',
  'Dates, times and alerts of the company are in this time zone.': 'Las fechas, horas y alertas de la empresa están en esta zona horaria.',
  'Create company': 'Crear empresa',
  'Join a company': 'Unirse a una empresa',
  'e.g. OPR-7H2K9Q': 'p. ej. OPR-7H2K9Q',
  'Ask to join': 'Pedir unirse',
  '{name} created. Its company code is {code}.': '{name} creada. Su código de empresa es {code}.',
  'Join request sent to {company}': 'Solicitud para unirse enviada a {company}',
  // Notifications
  Notifications: 'Notificaciones',
  'Every morning from {hour}:00 (company time), the managers of an owner company receive one email with its vehicle alerts: expiry dates, out-of-service and open repairs.':
    'Cada mañana a partir de las {hour}:00 (hora de la empresa), los gerentes de una empresa propietaria reciben un correo con las alertas de sus vehículos: fechas de vencimiento, fuera de servicio y reparaciones abiertas.',
  'Email me the morning alert digest': 'Enviarme por correo el resumen matutino de alertas',
  'On: you receive the digest.': 'Activado: usted recibe el resumen.',
  'Off: you do not receive the digest.': 'Desactivado: usted no recibe el resumen.',
  'The morning alert digest is on.': 'El resumen matutino de alertas está activado.',
  'The morning alert digest is off.': 'El resumen matutino de alertas está desactivado.',
  // Sign-in accounts
  'Sign-in accounts': 'Cuentas de inicio de sesión',
  'Sign in with Google or Apple as well as your password.': 'Inicie sesión con Google o Apple además de su contraseña.',
  'Linked accounts': 'Cuentas vinculadas',
  Unlink: 'Desvincular',
  'Link an account': 'Vincular una cuenta',
  // Security
  'Send me a confirmation code': 'Enviarme un código de confirmación',
  'First get a confirmation code by email; then confirm with your password and the code.':
    'Primero obtenga un código de confirmación por correo; luego confirme con su contraseña y el código.',
  'Send me a code': 'Enviarme un código',
  'Your password': 'Su contraseña',
  'Code from the email': 'Código del correo',
  'Code from your authenticator app': 'Código de su aplicación de autenticación',
  'Reset authenticator': 'Restablecer autenticador',
  'Reset authenticator?': '¿Restablecer el autenticador?',
  'Lost your phone or moved to a new one? Get a new QR code for your authenticator app. The codes of the old one stop working at once.':
    '¿Perdió su teléfono o cambió a uno nuevo? Obtenga un código QR nuevo para su aplicación de autenticación. Los códigos de la anterior dejan de funcionar de inmediato.',
  'Your account signs in with codes sent by email, not with an authenticator app, so there is nothing to reset.':
    'Su cuenta inicia sesión con códigos enviados por correo, no con una aplicación de autenticación, así que no hay nada que restablecer.',
  'Scan this QR code with your authenticator app.': 'Escanee este código QR con su aplicación de autenticación.',
  'Authenticator QR code for {email}': 'Código QR del autenticador para {email}',
  'Or enter this key by hand:': 'O ingrese esta clave a mano:',
  'Copy key': 'Copiar clave',
  'Your next login asks for a code from the new entry.': 'Su próximo inicio de sesión le pedirá un código de la nueva entrada.',
  'Are you sure you want to reset your authenticator? The codes of your current authenticator app stop working at once and you will need to scan a new QR code.':
    '¿Está seguro de que desea restablecer su autenticador? Los códigos de su aplicación de autenticación actual dejan de funcionar de inmediato y deberá escanear un código QR nuevo.',
  Reset: 'Restablecer',
  'Delete account': 'Eliminar cuenta',
  'Delete account?': '¿Eliminar la cuenta?',
  'Deletes your sign-in, profile, photo and licenses and frees your email address. Inspection records you signed stay, with your name as signed.':
    'Elimina su acceso, perfil, foto y licencias y libera su dirección de correo. Los registros de inspección que usted firmó se conservan, con su nombre tal como firmó.',
  'Are you sure you want to delete your account? This cannot be undone.': '¿Está seguro de que desea eliminar su cuenta? Esto no se puede deshacer.',
  // The form's own messages
  'Please correct the fields marked below.': 'Corrija los campos marcados abajo.',
  'The form is too large': 'El formulario es demasiado grande',
  'The form could not be read': 'No se pudo leer el formulario',
  'The image is larger than 2 MB': 'La imagen pesa más de 2 MB',
  'Unknown action': 'Acción desconocida',
  // Calendar feed (issue 35, decision 084)
  'Calendar feed': 'Calendario (iCalendar)',
  'A private link for your calendar application (Google Calendar, Outlook, Apple Calendar): the maintenance items, 90-day emergency-exit checks, annual inspections and lease ends of the companies where you are an owner or operator manager.':
    'Un enlace privado para su aplicación de calendario (Google Calendar, Outlook, Apple Calendar): el mantenimiento pendiente, las revisiones de salidas de emergencia de 90 días, las inspecciones anuales y los fines de arrendamiento de las empresas donde es gerente propietario u operador.',
  'Anyone with the link can read this calendar. Keep it private; if it leaks, make a new link or revoke it.':
    'Cualquier persona con el enlace puede leer este calendario. Manténgalo en privado; si se filtra, cree un enlace nuevo o revóquelo.',
  'Your calendar link': 'Su enlace del calendario',
  'Copy the calendar link': 'Copiar el enlace del calendario',
  'Copy it now: it is shown only this once. In your calendar application, choose “Add calendar from URL” (or “Subscribe”) and paste it.':
    'Cópielo ahora: solo se muestra esta vez. En su aplicación de calendario, elija «Agregar calendario desde URL» (o «Suscribirse») y péguelo.',
  'A link is active since {date}.': 'Hay un enlace activo desde el {date}.',
  'Last read by a calendar application: {date}.': 'Última lectura por una aplicación de calendario: {date}.',
  'No calendar application has read it yet.': 'Ninguna aplicación de calendario lo ha leído todavía.',
  'You have no calendar link.': 'No tiene un enlace de calendario.',
  'Make a new link': 'Crear un enlace nuevo',
  'A new link replaces this one, which stops working at once.': 'Un enlace nuevo reemplaza a este, que deja de funcionar de inmediato.',
  'Make a calendar link': 'Crear un enlace de calendario',
  'Revoke the link': 'Revocar el enlace',
  'The calendar link is revoked: it no longer opens anything.': 'El enlace del calendario está revocado: ya no abre nada.',
} satisfies Translations
