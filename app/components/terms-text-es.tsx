import * as React from 'react'
import { cn } from '#app/utils/cn.ts'
import { Heading, Mail, Ol, P, TERMS_EFFECTIVE_DATE, Ul, type DeclarationProps, type Level, type TermsTextProps } from './terms-text.tsx'

/*
 * The Spanish translation of Operon's Terms and Conditions (decision 074), section by section
 * as terms-text.tsx: change both together. A long legal text is kept whole here rather than
 * cut into catalog messages; the English text governs (section 20 says so).
 */

const EFFECTIVE_DATE_TEXT_ES = '22 de noviembre de 2026'

/** La declaración de elegibilidad del conductor (Spanish of `DriverEligibilityDeclaration`). */
export function DriverEligibilityDeclarationEs({ headingLevel = 2, className }: DeclarationProps) {
  const headingId = React.useId()
  return (
    <section
      aria-labelledby={headingLevel ? headingId : undefined}
      aria-label={headingLevel ? undefined : 'Declaración de elegibilidad del conductor'}
      className={cn('text-sm text-foreground sm:text-base', className)}
    >
      {headingLevel ? (
        <Heading level={headingLevel} id={headingId}>
          5. Declaración de elegibilidad del conductor
        </Heading>
      ) : null}
      <P>
        Esta declaración se aplica a toda persona que tenga, solicite o use el rol de Conductor en
        Operon. Al solicitar el rol de Conductor, al aceptar estos Términos con el rol de Conductor
        y de nuevo cada vez que registra una inspección previa al viaje, usted declara a Operon y a
        cada empresa para la que conduce que:
      </P>
      <Ol>
        <li>
          <strong>Licencia.</strong> Tiene una licencia de conducir vigente, con cada clase y
          endoso (por ejemplo, una licencia de conducir comercial con endoso de pasajeros) que exige
          la ley del lugar donde conduce, para cada vehículo que conduce. Su licencia no está
          suspendida, revocada, cancelada ni restringida de forma que le impida conducir ese
          vehículo.
        </li>
        <li>
          <strong>Aptitud médica.</strong> Está médicamente apto para conducir el vehículo, tiene
          el certificado médico que la ley exige a los conductores de esos vehículos y no conducirá
          mientras tenga una condición, o tome un medicamento, que afecte su capacidad de conducir
          de forma segura.
        </li>
        <li>
          <strong>Sin impedimentos.</strong> No conducirá ni registrará una inspección previa al
          viaje bajo los efectos del alcohol, drogas u otra sustancia, ni cuando esté fatigado o
          afectado de otra forma, y cumplirá las reglas de horas de servicio y de períodos de
          descanso que le correspondan.
        </li>
        <li>
          <strong>Inspecciones previas al viaje verídicas.</strong> Realizará personalmente cada
          inspección previa al viaje que registre, antes del viaje, y sus respuestas, descripciones
          de daños, fotos, horas y lecturas del odómetro serán verdaderas y completas. Marcará como
          Defectuoso cada elemento que encuentre defectuoso y no conducirá un vehículo que no sea
          seguro de operar. Si primero anotó una inspección en papel, la transcribirá fielmente
          dentro del plazo que permite el Servicio.
        </li>
        <li>
          <strong>Su firma.</strong> La firma que dibuja en el Servicio es su firma en ese registro,
          y solo firma registros que usted mismo hizo.
        </li>
        <li>
          <strong>Cambios.</strong> Avisará de inmediato a la empresa para la que conduce, y dejará
          de conducir para ella, si alguna de las declaraciones anteriores deja de ser cierta, por
          ejemplo si su licencia es suspendida o deja de estar médicamente apto.
        </li>
      </Ol>
      <P>
        Usted entiende que las inspecciones registradas son registros legales que no pueden
        cambiarse una vez registrados (sección 6), que las empresas y las autoridades dependen de
        ellos para la seguridad de los pasajeros y del público, y que una declaración falsa o un
        registro falso puede llevar a la suspensión de su cuenta y puede ser un delito según la ley
        que le corresponda. Operon no verifica licencias, aptitud médica ni respuestas de
        inspección; su empresa es responsable de comprobar sus calificaciones antes de aceptarlo
        como conductor.
      </P>
    </section>
  )
}

/** Los Términos y Condiciones de Operon, en español (Spanish of `TermsText`). */
export function TermsTextEs({ titleLevel = 1, className }: TermsTextProps) {
  const h = (titleLevel + 1) as Level
  const sub = (titleLevel + 2) as Level
  return (
    <article lang="es" className={cn('text-sm text-foreground sm:text-base', className)}>
      <Heading level={titleLevel}>Términos y Condiciones de Operon</Heading>
      <p className="mt-2 text-sm text-muted-foreground">
        Fecha de entrada en vigor: <time dateTime={TERMS_EFFECTIVE_DATE}>{EFFECTIVE_DATE_TEXT_ES}</time>
      </p>
      <P>
        Esta es una traducción al español para su comodidad; en caso de diferencia, prevalece la
        versión en inglés (sección 20).
      </P>
      <P>
        Lea estos Términos con atención. Contienen una limitación de nuestra responsabilidad
        (sección 15), la elección de la ley del Estado de California y de los tribunales de
        California (sección 19) y la declaración que hace cada conductor (sección 5).
      </P>

      <Heading level={h}>1. Quiénes somos y qué cubren estos Términos</Heading>
      <P>
        Estos Términos y Condiciones (los "Términos") rigen su acceso a Operon y su uso, una
        aplicación web y sus interfaces de programación para gestionar flotas, inspecciones previas
        al viaje, inspecciones periódicas, reparaciones, documentos de vehículos, solicitudes de
        operación de vehículos y empleados en el sector de autobuses y vehículos (el "Servicio").
      </P>
      <P>
        El Servicio lo ofrece Operon GmbH, una sociedad de responsabilidad limitada constituida
        según las leyes de Suiza con sede en Zúrich, Suiza ("Operon", "nosotros" o "nuestro").
      </P>
      <P>
        "Usted" significa la persona que usa el Servicio. Una "Empresa" es una empresa registrada
        en el Servicio como propietario, operador o taller de reparación. Cuando usted usa el
        Servicio para una Empresa, "usted" también significa esa Empresa, y usted confirma que
        está autorizado para obligarla a cumplir estos Términos. Un "Usuario" es cualquier persona
        con una cuenta.
      </P>

      <Heading level={h}>2. Aceptación</Heading>
      <P>
        Usted acepta estos Términos al marcar la casilla del formulario de registro, al completar
        un registro mediante un proveedor externo de inicio de sesión o al usar el Servicio. Si no
        los acepta, no use el Servicio. Debe tener al menos 18 años y capacidad legal para celebrar
        un contrato. Una Empresa puede tener un acuerdo escrito aparte con nosotros; si contradice
        estos Términos, ese acuerdo prevalece para esa Empresa.
      </P>

      <Heading level={h}>3. Cuentas y seguridad</Heading>
      <Ul>
        <li>
          Proporcione información verdadera, actual y completa al registrarse y mantenga su
          perfil, incluidas sus licencias, al día.
        </li>
        <li>
          Una cuenta es personal. No comparta su contraseña, sus códigos ni su cuenta con nadie, y
          no use la cuenta de otra persona.
        </li>
        <li>
          La autenticación de dos factores es obligatoria para todas las cuentas. Usted elige una
          aplicación de autenticación o códigos enviados por correo electrónico. Mantenga seguros el
          dispositivo con su aplicación de autenticación y el acceso a su cuenta de correo, y
          restablezca su autenticador desde su perfil si pierde el dispositivo o cree que el secreto
          quedó expuesto.
        </li>
        <li>
          Use una contraseña segura que no use en otro lugar. Guardamos las contraseñas solo en
          forma cifrada (hash) y nunca le pediremos su contraseña ni un código de inicio de sesión
          por correo electrónico o por teléfono.
        </li>
        <li>
          Si inicia sesión con Google o Apple, los términos de ese proveedor también se aplican al
          inicio de sesión, y también debe mantener segura esa cuenta.
        </li>
        <li>
          Avísenos sin demora en <Mail /> si cree que su cuenta se usó sin su permiso. Podemos
          suspender una cuenta o exigir que se restablezca la contraseña o el autenticador para
          protegerlo a usted, a una Empresa o al Servicio.
        </li>
        <li>
          Usted es responsable de lo que se haga con su cuenta, salvo que resulte de que nosotros
          no cumplamos nuestras obligaciones de seguridad.
        </li>
      </Ul>

      <Heading level={h}>4. Roles y responsabilidades de la Empresa</Heading>
      <P>El Servicio tiene los siguientes roles, que un Usuario tiene en una Empresa determinada:</P>
      <Ul>
        <li>
          <strong>Los propietarios</strong> registran vehículos, mantienen los datos y documentos
          de los vehículos, eligen un taller de reparación y responden a las solicitudes de los
          operadores para operar sus vehículos.
        </li>
        <li>
          <strong>Los operadores</strong> (empresas de transporte) solicitan operar vehículos de
          los propietarios, gestionan a sus empleados, aceptan o rechazan las solicitudes de ingreso
          de los conductores y ven sus estadísticas.
        </li>
        <li>
          <strong>Los talleres de reparación</strong> reciben acciones de reparación, gestionan a
          sus mecánicos y aceptan o rechazan las solicitudes de ingreso de los mecánicos.
        </li>
        <li>
          <strong>Los conductores</strong> registran inspecciones previas al viaje de los vehículos
          que conducen.
        </li>
        <li>
          <strong>Los mecánicos</strong> registran inspecciones periódicas y completan tareas de
          reparación.
        </li>
      </Ul>
      <P>Cada Empresa, a través de los Usuarios que la administran, es responsable de:</P>
      <Ul>
        <li>
          comprobar, antes de aceptar una solicitud de ingreso o activar un rol, que la persona es
          quien dice ser y que tiene las licencias, endosos, certificados médicos, capacitación y
          calificaciones que exigen la ley y las reglas propias de la Empresa, y comprobarlos de
          nuevo cuando vencen;
        </li>
        <li>desactivar los roles de las personas que dejan la Empresa o que ya no están calificadas;</li>
        <li>
          la exactitud de los datos de sus vehículos, documentos, fechas de licencia, seguro e
          inspección, y de su configuración (como su zona horaria y el taller de reparación
          elegido);
        </li>
        <li>
          decidir si un vehículo está en condiciones de usarse, actuar sobre los defectos
          reportados en el Servicio y cumplir cada obligación legal que le corresponda, incluidas
          las leyes de transporte, seguridad de vehículos, conservación de registros, empleo y
          protección de datos;
        </li>
        <li>
          sus acuerdos con otras Empresas. Cuando un propietario aprueba la solicitud de un
          operador, el acuerdo resultante es entre esas dos Empresas; Operon no es parte de él y
          no lo verifica ni lo hace cumplir.
        </li>
      </Ul>
      <P>
        Los avisos de vencimiento, las alertas y las estadísticas del Servicio son ayudas. No
        reemplazan los procesos propios de cumplimiento de una Empresa.
      </P>

      <DriverEligibilityDeclarationEs headingLevel={h as 2 | 3} />

      <P>
        Del mismo modo, los mecánicos declaran que tienen las calificaciones necesarias para el
        trabajo que registran, que realizan personalmente cada inspección y tarea de reparación que
        registran o completan, y que lo que registran, incluido el estado de cada elemento, los
        comentarios, las fotos y la certificación de que los defectos se corrigieron, es verdadero
        y completo.
      </P>

      <Heading level={h}>6. Los registros de inspección son registros legales</Heading>
      <Ul>
        <li>
          Las inspecciones previas al viaje, las inspecciones periódicas, las acciones de
          reparación y sus firmas, fotos y horas ("Registros de Inspección") son registros que la
          ley puede exigir a las Empresas hacer y conservar, y en los que pueden basarse las
          autoridades, las aseguradoras y los tribunales.
        </li>
        <li>
          Una vez registrado, ningún Usuario puede editar ni eliminar un Registro de Inspección,
          incluidos los administradores de la Empresa. Un error se corrige registrando un nuevo
          registro; el original se conserva.
        </li>
        <li>
          Conservamos cada Registro de Inspección durante al menos 14 meses desde la fecha en que
          se registra, y más tiempo si la ley o el acuerdo de la Empresa con nosotros lo exige. Esto
          se aplica aunque el Usuario que lo registró elimine su cuenta o deje la Empresa; el
          registro conserva el nombre tal como se firmó.
        </li>
        <li>
          Una firma dibujada es una firma electrónica: deja constancia de que la persona nombrada
          hizo y aprobó el registro.
        </li>
        <li>
          Podemos divulgar los Registros de Inspección a la Empresa a la que pertenecen y, cuando
          la ley nos obligue, a una autoridad o tribunal.
        </li>
      </Ul>

      <Heading level={h}>7. Datos y privacidad</Heading>
      <Heading level={sub}>7.1 Quién es responsable</Heading>
      <P>
        Para los datos que una Empresa guarda en el Servicio sobre sus vehículos, empleados y
        registros, la Empresa es el responsable del tratamiento y Operon trata esos datos en nombre
        de la Empresa y según sus instrucciones. Para los datos de su cuenta, de inicio de sesión
        y de seguridad, el responsable es Operon GmbH, Zúrich, Suiza.
      </P>
      <Heading level={sub}>7.2 Qué tratamos y por qué</Heading>
      <Ul>
        <li>
          Datos de cuenta y perfil: nombre, correo electrónico, hash de la contraseña,
          configuración de dos factores, fecha de nacimiento, género, país y estado, número de
          teléfono, foto de perfil, licencias, roles y membresías en Empresas.
        </li>
        <li>
          Datos operativos: vehículos, documentos, solicitudes, Registros de Inspección, acciones
          de reparación, fotos, firmas, lecturas del odómetro y horas.
        </li>
        <li>
          Datos técnicos: dirección IP, navegador, horas de inicio de sesión y eventos de
          seguridad, conservados para proteger las cuentas y el Servicio.
        </li>
      </Ul>
      <P>
        Usamos estos datos para prestar y proteger el Servicio, autenticarlo, enviarle los correos
        que necesita (como códigos de inicio de sesión y enlaces para restablecer la contraseña),
        responder solicitudes de soporte, cumplir nuestras obligaciones legales y producir
        estadísticas para las Empresas para las que trabaja. No vendemos datos personales, no los
        usamos para publicidad y no mostramos publicidad en el Servicio.
      </P>
      <Heading level={sub}>7.3 Cookies</Heading>
      <P>
        Usamos solo las cookies y el almacenamiento del navegador estrictamente necesarios para
        mantener su sesión iniciada y proteger el Servicio. No usamos cookies de seguimiento ni de
        publicidad.
      </P>
      <Heading level={sub}>7.4 Destinatarios y transferencias</Heading>
      <P>
        Sus datos son visibles para las Empresas a las que pertenece, dentro de los límites de
        sus roles. Usamos proveedores de servicios para el alojamiento y el envío de correos,
        obligados por contrato a la confidencialidad y a tratar los datos solo según nuestras
        instrucciones. Los datos pueden tratarse en Suiza, el Espacio Económico Europeo y los
        Estados Unidos. Cuando los datos salen de Suiza o del EEE hacia un país sin un nivel de
        protección adecuado, usamos garantías reconocidas, como las cláusulas contractuales tipo.
      </P>
      <Heading level={sub}>7.5 Conservación</Heading>
      <P>
        Conservamos sus datos mientras exista su cuenta. Cuando elimina su cuenta, eliminamos sus
        credenciales, sesiones, datos de perfil y foto, salvo los datos de los Registros de
        Inspección que deben conservarse (sección 6) y los datos que la ley nos obliga a
        conservar. Las copias de seguridad se sobrescriben en el curso normal de las operaciones.
      </P>
      <Heading level={sub}>7.6 Sus derechos</Heading>
      <P>
        Según donde viva, puede tener derecho a acceder a sus datos, corregirlos, eliminarlos,
        limitar su tratamiento o recibir una copia, y a oponerse a su tratamiento. Los residentes
        de California tienen los derechos que otorga la Ley de Privacidad del Consumidor de
        California (CCPA). Las solicitudes sobre datos que controla una Empresa se remiten a esa
        Empresa. Escriba a <Mail />. También puede presentar una queja ante una autoridad de
        protección de datos, como el Comisionado Federal de Protección de Datos e Información de
        Suiza o la autoridad del lugar donde vive.
      </P>
      <Heading level={sub}>7.7 Seguridad</Heading>
      <P>
        Protegemos los datos con medidas adecuadas al riesgo, incluidas conexiones cifradas,
        contraseñas cifradas (hash), autenticación de dos factores y controles de acceso por rol.
        Ningún sistema es completamente seguro; informaremos a las Empresas y Usuarios afectados
        de una violación de datos personales según lo exija la ley.
      </P>

      <Heading level={h}>8. Sus archivos</Heading>
      <Ul>
        <li>
          Usted conserva los derechos que tiene sobre los documentos, fotos, firmas y demás
          contenido que sube ("Su Contenido"). Usted otorga a Operon una licencia mundial, no
          exclusiva y libre de regalías para alojar, guardar, copiar, tratar, mostrar y transmitir
          Su Contenido solo en la medida necesaria para prestar, proteger y dar soporte al Servicio.
        </li>
        <li>
          Suba solo contenido que tenga derecho a subir y que la Empresa pueda conservar
          legalmente. Los documentos pueden ser archivos PDF, Word, Excel, PNG o JPEG de hasta 5 MB
          cada uno; las imágenes de vehículos se recortan y comprimen.
        </li>
        <li>
          No suba malware ni contenido ilegal, y evite datos personales que el registro no
          necesita, como rostros de pasajeros o de transeúntes en las fotos de vehículos. Suba
          información de salud, como un certificado médico, solo cuando la ley exija a la Empresa
          conservarla.
        </li>
        <li>Podemos eliminar el contenido que infrinja estos Términos o la ley.</li>
      </Ul>

      <Heading level={h}>9. Uso aceptable</Heading>
      <P>Usted no debe:</P>
      <Ul>
        <li>
          registrar registros falsos o incompletos, poner a un registro una fecha u hora falsa, ni
          firmar con el nombre de otra persona;
        </li>
        <li>acceder a datos de una Empresa, vehículo o Usuario que sus roles no le permiten;</li>
        <li>
          sondear, escanear o probar la vulnerabilidad del Servicio, ni eludir su captcha, sus
          límites de solicitudes u otras medidas de seguridad, salvo en una prueba de seguridad que
          hayamos aprobado por escrito;
        </li>
        <li>
          sobrecargar el Servicio, usar medios automatizados para acceder a él distintos de sus
          interfaces de programación documentadas, ni copiarlo para crear un producto competidor;
        </li>
        <li>acosar a nadie, infringir los derechos de nadie ni violar la ley usando el Servicio.</li>
      </Ul>
      <P>
        Si encuentra una debilidad de seguridad, repórtela a <Mail /> y denos un plazo razonable
        para corregirla antes de contárselo a otros.
      </P>

      <Heading level={h}>10. Disponibilidad y soporte</Heading>
      <P>
        Trabajamos para mantener el Servicio disponible y corregir fallas con prontitud, pero no
        prometemos que funcione sin interrupciones ni errores. Podemos realizar mantenimiento, de
        preferencia fuera del horario laboral habitual y con aviso cuando sea posible. El Servicio
        no es un sistema de emergencia ni de seguridad: una Empresa debe tener una forma de
        inspeccionar vehículos y llevar registros cuando el Servicio no esté disponible, por
        ejemplo en papel. El soporte se presta por correo electrónico en <Mail />.
      </P>

      <Heading level={h}>11. Tarifas</Heading>
      <P>
        Las tarifas, si las hay, se establecen en un formulario de pedido o lista de precios
        acordados con la Empresa. Si no existe tal acuerdo, el Servicio se presta sin costo.
        Avisaremos con al menos 30 días de anticipación antes de introducir o cambiar una tarifa,
        y una tarifa nueva nunca se aplica de forma retroactiva. Las tarifas no incluyen impuestos,
        salvo que se indique lo contrario.
      </P>

      <Heading level={h}>12. Propiedad intelectual</Heading>
      <P>
        El Servicio, su software, diseño, textos y el nombre y logotipo de Operon pertenecen a
        Operon GmbH o a sus licenciantes. Le otorgamos un derecho limitado, no exclusivo, no
        transferible y revocable de usar el Servicio según estos Términos para su propio negocio o
        el de su Empresa. El decodificador de VIN usa datos públicos de la Administración Nacional
        de Seguridad del Tráfico en las Carreteras (NHTSA) de los Estados Unidos; los componentes
        de código abierto se usan según sus propias licencias. Si nos envía comentarios, podemos
        usarlos sin ninguna obligación hacia usted.
      </P>

      <Heading level={h}>13. Servicios de terceros</Heading>
      <P>
        El inicio de sesión externo opcional (Google, Apple) y otros servicios de terceros los
        prestan esos terceros según sus propios términos. No somos responsables de ellos, y los
        datos de un vehículo decodificados de un VIN pueden ser incompletos o inexactos:
        revíselos antes de guardarlos.
      </P>

      <Heading level={h}>14. Exención de garantías</Heading>
      <P>
        En la medida en que lo permita la ley, el Servicio se ofrece "tal cual" y "según
        disponibilidad", sin garantías de ningún tipo, expresas o implícitas, incluidas las
        garantías de comerciabilidad, idoneidad para un fin determinado y no infracción. Operon no
        inspecciona, repara ni certifica vehículos, no verifica las calificaciones de los Usuarios
        y no decide si un vehículo está en condiciones de circular. La responsabilidad por la
        operación segura de los vehículos sigue siendo de las Empresas y las personas que los
        operan, inspeccionan y reparan.
      </P>

      <Heading level={h}>15. Limitación de responsabilidad</Heading>
      <P>
        En la medida en que lo permita la ley, Operon no es responsable de daños indirectos,
        incidentales, especiales, consecuentes o punitivos, ni de la pérdida de ganancias,
        ingresos, datos o reputación, que surjan del Servicio o de estos Términos o se relacionen
        con ellos. La responsabilidad total de Operon por todas las reclamaciones que surjan del
        Servicio o de estos Términos o se relacionen con ellos se limita al mayor de estos montos:
        las tarifas pagadas por usted o su Empresa por el Servicio en los 12 meses anteriores al
        hecho que origina la reclamación, o cien dólares estadounidenses (USD 100).
      </P>
      <P>
        Nada en estos Términos limita la responsabilidad por fraude, dolo o negligencia grave, por
        muerte o lesiones personales causadas por negligencia, ni ninguna otra responsabilidad que
        no pueda limitarse ni excluirse según la ley aplicable.
      </P>

      <Heading level={h}>16. Indemnización</Heading>
      <P>
        En la medida en que lo permita la ley, usted (y, cuando actúa para una Empresa, esa
        Empresa) defenderá e indemnizará a Operon GmbH, sus directivos, empleados y agentes frente
        a reclamaciones de terceros, pérdidas y costos razonables, incluidos honorarios legales
        razonables, que surjan de Su Contenido, de registros o declaraciones falsos hechos con su
        cuenta, o de su incumplimiento de estos Términos o de la ley.
      </P>

      <Heading level={h}>17. Terminación y eliminación de la cuenta</Heading>
      <Ul>
        <li>
          Puede dejar de usar el Servicio en cualquier momento y eliminar su cuenta desde su
          perfil. La eliminación se rechaza mientras usted sea el último administrador activo de
          una Empresa; primero asigne ese rol a otro Usuario.
        </li>
        <li>
          Eliminar su cuenta elimina sus credenciales, sesiones, datos de perfil y foto, y libera
          su dirección de correo electrónico. Los Registros de Inspección que usted registró o firmó
          se conservan, con su nombre tal como se firmó, durante el período de conservación de la
          sección 6.
        </li>
        <li>
          Podemos suspender o cerrar una cuenta o el acceso de una Empresa, con aviso cuando sea
          razonable, si estos Términos se incumplen de forma grave o reiterada, si lo exige la ley o
          para evitar daños a los Usuarios, a los pasajeros o al Servicio.
        </li>
        <li>
          Una Empresa que deja de usar el Servicio puede pedirnos en <Mail />, dentro de los 30
          días siguientes, una copia de sus registros en un formato de uso común.
        </li>
        <li>Las secciones 6, 7, 12 y 14 a 20 siguen aplicándose después de que terminen estos Términos.</li>
      </Ul>

      <Heading level={h}>18. Cambios</Heading>
      <P>
        Podemos cambiar el Servicio y estos Términos. Anunciaremos los cambios importantes de estos
        Términos al menos 30 días antes de que entren en vigor, por correo electrónico o en el
        Servicio, salvo que la ley exija un cambio antes o para atender un riesgo de seguridad. La
        fecha de entrada en vigor de arriba indica la versión actual. Si no acepta un cambio, deje
        de usar el Servicio y elimine su cuenta antes de que entre en vigor; seguir usándolo
        después de esa fecha significa que acepta el cambio.
      </P>

      <Heading level={h}>19. Ley aplicable y jurisdicción</Heading>
      <P>
        Estos Términos y cualquier controversia que surja de ellos o del Servicio o se relacione
        con ellos se rigen por las leyes del Estado de California, EE. UU., sin tener en cuenta sus
        normas sobre conflicto de leyes. No se aplica la Convención de las Naciones Unidas sobre
        los Contratos de Compraventa Internacional de Mercaderías. Los tribunales estatales y
        federales ubicados en el Condado de San Francisco, California, tienen jurisdicción
        exclusiva, y usted y Operon aceptan su jurisdicción personal. Esto no afecta las normas
        obligatorias de protección al consumidor del país donde usted vive, cuando le sean
        aplicables.
      </P>

      <Heading level={h}>20. Disposiciones generales</Heading>
      <P>
        Estos Términos, junto con cualquier acuerdo escrito entre nosotros y una Empresa,
        constituyen el acuerdo completo sobre el Servicio. Si una disposición se declara inválida,
        el resto sigue vigente. Que no hagamos valer un derecho no significa que renunciemos a él.
        Usted no puede transferir sus derechos según estos Términos sin nuestro consentimiento;
        nosotros podemos transferir los nuestros a un sucesor de nuestro negocio. Ninguna de las
        partes es responsable de demoras causadas por hechos fuera de su control razonable. Estos
        Términos están redactados en inglés; una traducción es solo para su comodidad.
      </P>

      <Heading level={h}>21. Contacto</Heading>
      <P>
        Operon GmbH, Zúrich, Suiza. Correo electrónico: <Mail />.
      </P>
    </article>
  )
}
