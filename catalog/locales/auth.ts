import type { Translations } from './types.ts'

/** English → Spanish (decision 074): the public pages (login, registration, password reset, configure account, terms, complete profile). */
export default {
  // Login.
  'Log in': 'Iniciar sesión',
  Password: 'Contraseña',
  'Tick “I’m not a robot” above to enable Log in.': 'Marque “No soy un robot” arriba para habilitar Iniciar sesión.',
  'Forgot password': 'Olvidé mi contraseña',
  Register: 'Registrarse',
  'Check your email': 'Revise su correo electrónico',
  'Scan this QR code with your authenticator app, then enter the code it shows.':
    'Escanee este código QR con su aplicación de autenticación y luego ingrese el código que muestra.',
  'Authenticator QR code': 'Código QR del autenticador',
  'Secret key': 'Clave secreta',
  'Enter the 6-digit code from your authenticator app.': 'Ingrese el código de 6 dígitos de su aplicación de autenticación.',
  'We sent a 6-digit code to {email}. Check your inbox; the code is valid for 10 minutes.':
    'Enviamos un código de 6 dígitos a {email}. Revise su bandeja de entrada; el código es válido por 10 minutos.',
  Code: 'Código',
  'Resend code in {seconds} s': 'Reenviar el código en {seconds} s',
  'Resend code': 'Reenviar el código',
  'Or continue with': 'O continúe con',
  'Demo logins': 'Cuentas de demostración',
  'Password for every demo account:': 'Contraseña de todas las cuentas de demostración:',
  // The demo accounts' descriptions (server/demo/logins.ts).
  'Dana Whitfield, manager of Cascade Coach Lines: owner, operator and repair shop at once (transit buses and coaches).':
    'Dana Whitfield, gerente de Cascade Coach Lines: propietario, operador y taller de reparación a la vez (autobuses urbanos y autocares).',
  'Marcus Bell, owner manager of Summit Bus Leasing: school buses and coaches leased to operators, vehicle requests, alerts.':
    'Marcus Bell, gerente propietario de Summit Bus Leasing: autobuses escolares y autocares arrendados a operadores, solicitudes de vehículos, alertas.',
  'Priya Raman, operator manager of Evergreen Student Transportation (school-bus contractor): drivers, join requests, vehicle requests.':
    'Priya Raman, gerente operadora de Evergreen Student Transportation (contratista de autobuses escolares): conductores, solicitudes de ingreso, solicitudes de vehículos.',
  'Luis Ortega, operator manager of Pacific Crest Charters (motor coaches).': 'Luis Ortega, gerente operador de Pacific Crest Charters (autocares).',
  'Hannah Kim, manager of Keystone Fleet Repair: repair actions, mechanics, mechanic join requests.':
    'Hannah Kim, gerente de Keystone Fleet Repair: acciones de reparación, mecánicos, solicitudes de ingreso de mecánicos.',
  'Jamal Carter, driver for Evergreen Student Transportation and Pacific Crest Charters: my buses and their pre-trips (a certified repair to acknowledge, a bus out of service), driver statistics.':
    'Jamal Carter, conductor de Evergreen Student Transportation y Pacific Crest Charters: mis autobuses y sus inspecciones previas al viaje (una reparación certificada por revisar, un autobús fuera de servicio), estadísticas de conductor.',
  'Samuel Reyes, mechanic at Keystone Fleet Repair: inspections, repair tasks and mechanic statistics.':
    'Samuel Reyes, mecánico de Keystone Fleet Repair: inspecciones, tareas de reparación y estadísticas de mecánico.',
  'What is {a} plus {b}?': '¿Cuánto es {a} más {b}?',
  'Answers count after a few seconds; with JavaScript on, no question is asked.':
    'Las respuestas cuentan después de unos segundos; con JavaScript activado no se hace ninguna pregunta.',
  // The captcha widget's own texts (altcha's English is the id).
  "I'm not a robot": 'No soy un robot',
  'Verifying...': 'Verificando…',
  Verified: 'Verificado',
  'Verification failed. Try again later.': 'La verificación falló. Inténtelo de nuevo más tarde.',
  'Verification expired. Try again.': 'La verificación expiró. Inténtelo de nuevo.',
  'Verification required!': '¡Se requiere la verificación!',
  'Verifying... please wait.': 'Verificando… espere, por favor.',
  'Altcha (official website)': 'Altcha (sitio web oficial)',

  // Registration.
  'Create your account': 'Crear su cuenta',
  Account: 'Cuenta',
  'First name': 'Nombre',
  'Last name': 'Apellido',
  'Confirm password': 'Confirmar la contraseña',
  'At least {count} characters': 'Al menos {count} caracteres',
  'At least one uppercase letter': 'Al menos una letra mayúscula',
  'Passwords match': 'Las contraseñas coinciden',
  met: 'cumplido',
  'not met': 'no cumplido',
  'Two-factor authentication': 'Autenticación de dos factores',
  'I have read and accept the {declaration} and the {terms}.': 'He leído y acepto la {declaration} y los {terms}.',
  'driver eligibility declaration': 'declaración de elegibilidad del conductor',
  'Open and read the declaration to enable the checkbox.': 'Abra y lea la declaración para habilitar la casilla.',
  'Driver eligibility declaration': 'Declaración de elegibilidad del conductor',
  'Read the declaration, then close this dialog to accept it.': 'Lea la declaración y luego cierre este cuadro de diálogo para aceptarla.',
  Next: 'Siguiente',
  'Your roles': 'Sus roles',
  'Choose what you do. Managers join their company with its code, or create it.':
    'Elija lo que usted hace. Los administradores se unen a su empresa con su código, o la crean.',
  'Join with a company code': 'Unirse con un código de empresa',
  'Create a new company': 'Crear una empresa nueva',
  'Company code': 'Código de empresa',
  'Company code (optional)': 'Código de empresa (opcional)',
  'e.g. OPR-7H2K9Q': 'p. ej. OPR-7H2K9Q',
  'New company name': 'Nombre de la empresa nueva',
  'Company time zone': 'Zona horaria de la empresa',
  Back: 'Atrás',
  'Already have an account?': '¿Ya tiene una cuenta?',
  'Back to login': 'Volver a iniciar sesión',
  'Set up your authenticator': 'Configurar su autenticador',
  'Registration successful. Scan this QR code with your authenticator app (Google Authenticator, Authy, 1Password…).':
    'Registro exitoso. Escanee este código QR con su aplicación de autenticación (Google Authenticator, Authy, 1Password…).',
  'Or enter this key: {key}': 'O ingrese esta clave: {key}',
  'wait {seconds} seconds': '{seconds, plural, one {espere # segundo} other {espere # segundos}}',
  'Continue to login': 'Continuar a iniciar sesión',

  // The spec's texts (catalog/texts.ts) shown by the browser; the server translates the same ones.
  'Registration successful': 'Registro exitoso',
  'Please complete CAPTCHA': 'Complete el CAPTCHA',
  'Please ensure all password requirements are met': 'Asegúrese de cumplir todos los requisitos de la contraseña',
  'Please read the terms first': 'Lea primero los términos',
  'Please enter a valid email address': 'Ingrese un correo electrónico válido',
  'Problem sending email': 'Problema al enviar el correo electrónico',
  'Issue with password reset': 'Problema al restablecer la contraseña',

  // Password reset.
  'Enter the email of your account and press Send. A link to reset your password arrives shortly; it works once, for one hour.':
    'Ingrese el correo electrónico de su cuenta y presione Enviar. En breve llegará un enlace para restablecer su contraseña; funciona una sola vez, durante una hora.',
  Send: 'Enviar',
  'Reset password': 'Restablecer la contraseña',
  'New password': 'Nueva contraseña',

  // Configure account (external sign-in).
  'Configure account': 'Configurar la cuenta',
  'You signed in with {provider} as {email} ({name}). Choose your roles to finish creating your Operon account.':
    'Inició sesión con {provider} como {email} ({name}). Elija sus roles para terminar de crear su cuenta de Operon.',
  'You signed in with {provider} as {email}. Choose your roles to finish creating your Operon account.':
    'Inició sesión con {provider} como {email}. Elija sus roles para terminar de crear su cuenta de Operon.',
  'You signed in with {provider} ({name}). Choose your roles to finish creating your Operon account.':
    'Inició sesión con {provider} ({name}). Elija sus roles para terminar de crear su cuenta de Operon.',
  'You signed in with {provider}. Choose your roles to finish creating your Operon account.':
    'Inició sesión con {provider}. Elija sus roles para terminar de crear su cuenta de Operon.',
  Roles: 'Roles',
  'To ask your company to add you with these roles. You can also do it later.':
    'Para pedirle a su empresa que lo agregue con estos roles. También puede hacerlo más tarde.',
  'Finish registration': 'Terminar el registro',

  // The local captcha check page (dev.captcha).
  'Captcha check': 'Prueba del captcha',
  Submit: 'Enviar',
  'Captcha verified': 'Captcha verificado',
  'Captcha not verified': 'Captcha no verificado',

  // Complete profile.
  'Tell us a little about yourself. You can change these details later in My Profile.':
    'Cuéntenos un poco sobre usted. Puede cambiar estos datos más tarde en Mi perfil.',
  'Profile details': 'Datos del perfil',
  Skip: 'Omitir',
  'Saving…': 'Guardando…',
  Save: 'Guardar',
} satisfies Translations
