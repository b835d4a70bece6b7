// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.

// Fails to compile when a TypeBox type is not assignable to openapi-typescript's type of the same schema.
import type { components } from './openapi.js'
import type * as S from './schemas.js'

type Assert<T extends true> = T
type Assignable<A, B> = [A] extends [B] ? true : false
type C = components['schemas']

export type CheckActiveLivenessVerifyRequest = Assert<Assignable<S.ActiveLivenessVerifyRequest, C['ActiveLivenessVerifyRequest']>>
export type CheckApiKey = Assert<Assignable<S.ApiKey, C['ApiKey']>>
export type CheckApiKeyCreateRequest = Assert<Assignable<S.ApiKeyCreateRequest, C['ApiKeyCreateRequest']>>
export type CheckApiKeyCreated = Assert<Assignable<S.ApiKeyCreated, C['ApiKeyCreated']>>
export type CheckApplicant = Assert<Assignable<S.Applicant, C['Applicant']>>
export type CheckAuditAction = Assert<Assignable<S.AuditAction, C['AuditAction']>>
export type CheckAuditEvent = Assert<Assignable<S.AuditEvent, C['AuditEvent']>>
export type CheckBiometricModel = Assert<Assignable<S.BiometricModel, C['BiometricModel']>>
export type CheckCaptureLink = Assert<Assignable<S.CaptureLink, C['CaptureLink']>>
export type CheckCaptureLinkRequest = Assert<Assignable<S.CaptureLinkRequest, C['CaptureLinkRequest']>>
export type CheckCaptureProgress = Assert<Assignable<S.CaptureProgress, C['CaptureProgress']>>
export type CheckCheckName = Assert<Assignable<S.CheckName, C['CheckName']>>
export type CheckChecksResults = Assert<Assignable<S.ChecksResults, C['ChecksResults']>>
export type CheckConsoleCsrfToken = Assert<Assignable<S.ConsoleCsrfToken, C['ConsoleCsrfToken']>>
export type CheckDocumentCheckDetails = Assert<Assignable<S.DocumentCheckDetails, C['DocumentCheckDetails']>>
export type CheckDocumentCheckResult = Assert<Assignable<S.DocumentCheckResult, C['DocumentCheckResult']>>
export type CheckDocumentType = Assert<Assignable<S.DocumentType, C['DocumentType']>>
export type CheckDocumentUploadRequest = Assert<Assignable<S.DocumentUploadRequest, C['DocumentUploadRequest']>>
export type CheckDocumentUploaded = Assert<Assignable<S.DocumentUploaded, C['DocumentUploaded']>>
export type CheckErrorBody = Assert<Assignable<S.ErrorBody, C['ErrorBody']>>
export type CheckErrorResponse = Assert<Assignable<S.ErrorResponse, C['ErrorResponse']>>
export type CheckFaceMatchCheckResult = Assert<Assignable<S.FaceMatchCheckResult, C['FaceMatchCheckResult']>>
export type CheckFaceMatchRequest = Assert<Assignable<S.FaceMatchRequest, C['FaceMatchRequest']>>
export type CheckHealth = Assert<Assignable<S.Health, C['Health']>>
export type CheckIdentityCheckDetails = Assert<Assignable<S.IdentityCheckDetails, C['IdentityCheckDetails']>>
export type CheckIdentityCheckResult = Assert<Assignable<S.IdentityCheckResult, C['IdentityCheckResult']>>
export type CheckIdentityHolder = Assert<Assignable<S.IdentityHolder, C['IdentityHolder']>>
export type CheckIdentityMatches = Assert<Assignable<S.IdentityMatches, C['IdentityMatches']>>
export type CheckLivenessAction = Assert<Assignable<S.LivenessAction, C['LivenessAction']>>
export type CheckLivenessChallenge = Assert<Assignable<S.LivenessChallenge, C['LivenessChallenge']>>
export type CheckLivenessCheckResult = Assert<Assignable<S.LivenessCheckResult, C['LivenessCheckResult']>>
export type CheckLivenessFrame = Assert<Assignable<S.LivenessFrame, C['LivenessFrame']>>
export type CheckLivenessSignal = Assert<Assignable<S.LivenessSignal, C['LivenessSignal']>>
export type CheckMetadata = Assert<Assignable<S.Metadata, C['Metadata']>>
export type CheckMrzCheckDigits = Assert<Assignable<S.MrzCheckDigits, C['MrzCheckDigits']>>
export type CheckMrzData = Assert<Assignable<S.MrzData, C['MrzData']>>
export type CheckMrzFormat = Assert<Assignable<S.MrzFormat, C['MrzFormat']>>
export type CheckReadiness = Assert<Assignable<S.Readiness, C['Readiness']>>
export type CheckRetakeReason = Assert<Assignable<S.RetakeReason, C['RetakeReason']>>
export type CheckReviewRequest = Assert<Assignable<S.ReviewRequest, C['ReviewRequest']>>
export type CheckRole = Assert<Assignable<S.Role, C['Role']>>
export type CheckSelfieUploadRequest = Assert<Assignable<S.SelfieUploadRequest, C['SelfieUploadRequest']>>
export type CheckSelfieUploaded = Assert<Assignable<S.SelfieUploaded, C['SelfieUploaded']>>
export type CheckStatusOk = Assert<Assignable<S.StatusOk, C['StatusOk']>>
export type CheckValidationIssue = Assert<Assignable<S.ValidationIssue, C['ValidationIssue']>>
export type CheckVerification = Assert<Assignable<S.Verification, C['Verification']>>
export type CheckVerificationCreateRequest = Assert<Assignable<S.VerificationCreateRequest, C['VerificationCreateRequest']>>
export type CheckVerificationDecision = Assert<Assignable<S.VerificationDecision, C['VerificationDecision']>>
export type CheckVerificationLastError = Assert<Assignable<S.VerificationLastError, C['VerificationLastError']>>
export type CheckVerificationStatus = Assert<Assignable<S.VerificationStatus, C['VerificationStatus']>>
export type CheckVerificationSummary = Assert<Assignable<S.VerificationSummary, C['VerificationSummary']>>
export type CheckVizCrossCheck = Assert<Assignable<S.VizCrossCheck, C['VizCrossCheck']>>
export type CheckVizField = Assert<Assignable<S.VizField, C['VizField']>>
export type CheckVizFieldStatus = Assert<Assignable<S.VizFieldStatus, C['VizFieldStatus']>>
export type CheckWebhookConfigSaved = Assert<Assignable<S.WebhookConfigSaved, C['WebhookConfigSaved']>>
export type CheckWebhookConfigUpdate = Assert<Assignable<S.WebhookConfigUpdate, C['WebhookConfigUpdate']>>
export type CheckWebhookDelivery = Assert<Assignable<S.WebhookDelivery, C['WebhookDelivery']>>
export type CheckWebhookDeliveryStatus = Assert<Assignable<S.WebhookDeliveryStatus, C['WebhookDeliveryStatus']>>
export type CheckWebhookEvent = Assert<Assignable<S.WebhookEvent, C['WebhookEvent']>>
export type CheckWebhookReplayAccepted = Assert<Assignable<S.WebhookReplayAccepted, C['WebhookReplayAccepted']>>
export type CheckWebhookReplayRequest = Assert<Assignable<S.WebhookReplayRequest, C['WebhookReplayRequest']>>
