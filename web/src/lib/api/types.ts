import type { components } from "./schema";

// Types generated from the server's OpenAPI document (npm run gen:api).
type Schemas = components["schemas"];

export type User = Schemas["User"];
export type UserConsents = Schemas["UserConsents"];
export type UpdateUserRequest = Schemas["UpdateUserRequest"];
export type ConsentRequest = Schemas["ConsentRequest"];
export type ProfileRequest = Schemas["ProfileRequest"];
export type ImportResult = Schemas["ImportResult"];
export type ImportJob = Schemas["ImportJob"];
export type SignInProvider = Schemas["SignInProvider"];
export type UnreadCount = Schemas["UnreadCount"];
export type Notification = Schemas["Notification"];
export type ErrorBody = Schemas["ErrorBody"];
export type ErrorCode = Schemas["ErrorCode"];

// The server's vocabularies, each defined once there.
export type Language = Schemas["Language"];
export type Theme = Schemas["Theme"];
export type EntityType = Schemas["EntityType"];
export type PersonCategory = Schemas["PersonCategory"];
export type SuggestedAction = Schemas["SuggestedAction"];
export type ConfirmationAction = Schemas["ConfirmationAction"];
export type SortBy = Schemas["SortBy"];
export type SortOrder = Schemas["SortOrder"];

export type Memory = Schemas["Memory"];
export type MemoryEntity = Schemas["MemoryEntity"];
export type MemoryPage = Schemas["MemoryPage"];
export type MemoryEntityLink = Schemas["MemoryEntityLink"];
export type CreateMemoryRequest = Schemas["CreateMemoryRequest"];
export type CreateMemoryResponse = Schemas["CreateMemoryResponse"];
export type UpdateMemoryRequest = Schemas["UpdateMemoryRequest"];
export type ValidationResult = Schemas["ValidationResult"];
export type EntityMatch = Schemas["EntityMatch"];
export type ConfirmedEntity = Schemas["ConfirmedEntity"];
export type ConfirmEntitiesResponse = Schemas["ConfirmEntitiesResponse"];
export type Entity = Schemas["Entity"];
export type CreateEntityRequest = Schemas["CreateEntityRequest"];
export type UpdateEntityRequest = Schemas["UpdateEntityRequest"];
export type EntityMetadata = Schemas["EntityMetadata"];
export type EntityPage = Schemas["EntityPage"];
export type EntityCounts = Schemas["EntityCounts"];
export type EntitySort = Schemas["EntitySort"];
export type Gender = Schemas["Gender"];
export type LocationCategory = Schemas["LocationCategory"];
export type ObjectCategory = Schemas["ObjectCategory"];
export type ActivityCategory = Schemas["ActivityCategory"];
export type Graph = Schemas["Graph"];
export type UploadedPhoto = Schemas["UploadedPhoto"];
export type Relationship = Schemas["Relationship"];
export type DashboardStats = Schemas["DashboardStats"];
export type TopEntity = Schemas["TopEntity"];
export type BannerState = Schemas["BannerState"];
export type Reflection = Schemas["Reflection"];
export type ReflectionKind = Schemas["ReflectionKind"];
export type RelationshipSuggestion = Schemas["RelationshipSuggestion"];
export type EvidenceEntity = Schemas["EvidenceEntity"];
export type EvidenceMemory = Schemas["EvidenceMemory"];
export type Timeline = Schemas["Timeline"];
export type TimelinePeriod = Schemas["TimelinePeriod"];
export type Friendship = Schemas["Friendship"];
export type Person = Schemas["Person"];
export type InviteToken = Schemas["InviteToken"];
export type VerifiedInvite = Schemas["VerifiedInvite"];
export type ShareLink = Schemas["ShareLink"];
export type ShareStatus = Schemas["ShareStatus"];
export type LinkStatus = Schemas["LinkStatus"];
export type FriendShare = Schemas["FriendShare"];
export type SharedWithMe = Schemas["SharedWithMe"];
export type SharedMemory = Schemas["SharedMemory"];
export type PublicSharedMemory = Schemas["PublicSharedMemory"];

// Feedback and administration.
export type FeedbackRequest = Schemas["FeedbackRequest"];
export type FeedbackType = Schemas["FeedbackType"];
export type FeedbackItem = Schemas["FeedbackItem"];
export type FeedbackStatus = Schemas["FeedbackStatus"];
export type FeedbackUpdate = Schemas["FeedbackUpdate"];
export type AdminStats = Schemas["AdminStats"];
export type Metric = Schemas["Metric"];

// Tutorial and onboarding.
export type StepStatus = Schemas["StepStatus"];
export type TutorialProgress = Schemas["TutorialProgress"];
export type TutorialStep = Schemas["TutorialStep"];
export type BirthDateRequest = Schemas["BirthDateRequest"];
export type Suggestions = Schemas["Suggestions"];
export type PeriodSuggestion = Schemas["PeriodSuggestion"];
export type PersonSuggestion = Schemas["PersonSuggestion"];
export type SuggestionGroup = Schemas["SuggestionGroup"];
export type OnboardingProgress = Schemas["OnboardingProgress"];
export type OnboardingStep = Schemas["OnboardingStep"];
export type ExistingEntity = Schemas["ExistingEntity"];
