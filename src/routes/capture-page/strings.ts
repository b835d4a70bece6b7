// Every string of the capture page, one catalogue per language. The page's script gets the catalogue
// of the page's language with the page, so that nothing it shows is written in the script.
import type { RetakeReason } from '../../../generated/schemas.js'

const en = {
  lang: 'en',
  title: 'Verify your identity',
  intro: 'You will take a photo of your identity document and of your face. It takes about two minutes.',
  start: 'Start',
  stepOf: 'Step {n} of {m}',
  cameraAsk: 'Your browser will ask to use the camera. Please allow it.',
  cameraFailed: 'The camera could not be started. Check that this page may use it, or continue on a phone.',
  takePhoto: 'Take photo',
  retake: 'Take it again',
  uploadInstead: 'Or choose a photo from this device',
  sending: 'Checking the photo…',
  networkError: 'The photo could not be sent. Check your connection and try again.',
  tryAgain: 'Try again',
  documentTitle: 'Your document',
  documentType: 'Which document will you photograph?',
  passport: 'Passport',
  id_card: 'Identity card',
  residence_permit: 'Residence permit',
  visa: 'Visa',
  documentFront: 'Photograph the page with your photo, or the front of the card. Fit it inside the frame, flat, in good light, without reflections.',
  documentBack: 'Now turn the card over and photograph its back.',
  selfieTitle: 'Your face',
  selfieHint: 'Look at the camera, with your whole face inside the oval, in good light. Remove sunglasses or a mask.',
  challengeTitle: 'A short check that you are here',
  challengeHint: 'Follow each instruction. The photo is taken when you press the button.',
  action_turn_left: 'Turn your head to the left',
  action_turn_right: 'Turn your head to the right',
  action_look_up: 'Look up',
  action_blink: 'Close your eyes',
  action_smile: 'Smile',
  action_open_mouth: 'Open your mouth',
  captureAction: 'Take this photo',
  retakeTitle: 'Please take the photo again',
  reason_document_not_found: 'No document could be seen. Fill the frame with the document.',
  reason_image_blurry: 'The photo is blurred. Hold still and let the camera focus.',
  reason_too_dark: 'The photo is too dark. Move to a brighter place.',
  reason_glare: 'A reflection hides part of the document. Tilt it slightly or move away from the light.',
  reason_document_too_small: 'The document is too far away. Bring it closer so that it fills the frame.',
  reason_no_face: 'No face could be seen. Look straight at the camera.',
  reason_multiple_faces: 'More than one face can be seen. Make sure you are alone in the picture.',
  reason_face_blurry: 'Your face is blurred. Hold still.',
  reason_face_too_dark: 'Your face is too dark. Face a light or a window.',
  reason_other: 'The photo could not be used.',
  doneTitle: 'Thank you',
  doneText: 'Everything has been sent. You can close this page.',
  unfinishedText: 'Some checks could not be completed with these photos. The service that sent you this link will tell you what to do next.',
  redirecting: 'Taking you back…',
  continueTitle: 'Continue on your phone',
  continueText: 'Scan this code with your phone’s camera to take the photos there. This page will follow your progress.',
  qrLabel: 'QR code of this page’s link',
  continueHere: 'Use this device’s camera instead',
  waiting: 'Waiting for the photos from your phone…',
  finishedElsewhere: 'The photos have been taken on your other device.',
  expiredTitle: 'This link no longer works',
  expiredText: 'It has expired, has already been used, or was replaced by a newer one. Ask for a new link where you started.',
} as const

export type CaptureStrings = { [K in keyof typeof en]: string }

const fr: CaptureStrings = {
  lang: 'fr',
  title: 'Vérifiez votre identité',
  intro: 'Vous allez photographier votre pièce d’identité et votre visage. Cela prend environ deux minutes.',
  start: 'Commencer',
  stepOf: 'Étape {n} sur {m}',
  cameraAsk: 'Votre navigateur va demander l’accès à la caméra. Merci de l’autoriser.',
  cameraFailed: 'La caméra n’a pas pu démarrer. Vérifiez que cette page peut l’utiliser, ou continuez sur un téléphone.',
  takePhoto: 'Prendre la photo',
  retake: 'Reprendre la photo',
  uploadInstead: 'Ou choisir une photo de cet appareil',
  sending: 'Vérification de la photo…',
  networkError: 'La photo n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.',
  tryAgain: 'Réessayer',
  documentTitle: 'Votre pièce d’identité',
  documentType: 'Quelle pièce allez-vous photographier ?',
  passport: 'Passeport',
  id_card: 'Carte d’identité',
  residence_permit: 'Titre de séjour',
  visa: 'Visa',
  documentFront: 'Photographiez la page avec votre photo, ou le recto de la carte. Placez-la dans le cadre, à plat, bien éclairée, sans reflet.',
  documentBack: 'Retournez maintenant la carte et photographiez le verso.',
  selfieTitle: 'Votre visage',
  selfieHint: 'Regardez la caméra, le visage entier dans l’ovale, bien éclairé. Retirez lunettes de soleil ou masque.',
  challengeTitle: 'Une courte vérification de votre présence',
  challengeHint: 'Suivez chaque consigne. La photo est prise quand vous appuyez sur le bouton.',
  action_turn_left: 'Tournez la tête vers la gauche',
  action_turn_right: 'Tournez la tête vers la droite',
  action_look_up: 'Levez les yeux',
  action_blink: 'Fermez les yeux',
  action_smile: 'Souriez',
  action_open_mouth: 'Ouvrez la bouche',
  captureAction: 'Prendre cette photo',
  retakeTitle: 'Merci de reprendre la photo',
  reason_document_not_found: 'Aucune pièce n’est visible. Remplissez le cadre avec la pièce.',
  reason_image_blurry: 'La photo est floue. Ne bougez pas et laissez la caméra faire la mise au point.',
  reason_too_dark: 'La photo est trop sombre. Placez-vous dans un endroit plus lumineux.',
  reason_glare: 'Un reflet cache une partie de la pièce. Inclinez-la légèrement ou éloignez-vous de la lumière.',
  reason_document_too_small: 'La pièce est trop loin. Rapprochez-la pour qu’elle remplisse le cadre.',
  reason_no_face: 'Aucun visage n’est visible. Regardez droit vers la caméra.',
  reason_multiple_faces: 'Plusieurs visages sont visibles. Assurez-vous d’être seul sur la photo.',
  reason_face_blurry: 'Votre visage est flou. Ne bougez pas.',
  reason_face_too_dark: 'Votre visage est trop sombre. Tournez-vous vers une lampe ou une fenêtre.',
  reason_other: 'La photo n’a pas pu être utilisée.',
  doneTitle: 'Merci',
  doneText: 'Tout a été envoyé. Vous pouvez fermer cette page.',
  unfinishedText: 'Certaines vérifications n’ont pas pu être terminées avec ces photos. Le service qui vous a envoyé ce lien vous indiquera la suite.',
  redirecting: 'Retour en cours…',
  continueTitle: 'Continuer sur votre téléphone',
  continueText: 'Scannez ce code avec l’appareil photo de votre téléphone pour y prendre les photos. Cette page suivra votre progression.',
  qrLabel: 'Code QR du lien de cette page',
  continueHere: 'Utiliser plutôt la caméra de cet appareil',
  waiting: 'En attente des photos de votre téléphone…',
  finishedElsewhere: 'Les photos ont été prises sur votre autre appareil.',
  expiredTitle: 'Ce lien ne fonctionne plus',
  expiredText: 'Il a expiré, a déjà été utilisé ou a été remplacé par un lien plus récent. Demandez un nouveau lien là où vous avez commencé.',
}

export const CATALOGUES: Readonly<Record<string, CaptureStrings>> = { en, fr }

/** Every retake reason has its sentence (checked by the type: a new reason fails to compile here). */
export const REASON_KEYS: Record<RetakeReason, keyof CaptureStrings> = {
  document_not_found: 'reason_document_not_found',
  image_blurry: 'reason_image_blurry',
  too_dark: 'reason_too_dark',
  glare: 'reason_glare',
  document_too_small: 'reason_document_too_small',
  no_face: 'reason_no_face',
  multiple_faces: 'reason_multiple_faces',
  face_blurry: 'reason_face_blurry',
  face_too_dark: 'reason_face_too_dark',
}

/** The catalogue of the first language of Accept-Language we have (by quality), English otherwise. */
export function stringsFor(acceptLanguage: string | undefined): CaptureStrings {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return { lang: (tag ?? '').trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i }
    })
    .filter((w) => w.lang && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
  for (const w of wanted) if (CATALOGUES[w.lang]) return CATALOGUES[w.lang]!
  return en
}
