import Synchronization

/// A shared, lockable slot for the ``TrustPolicy`` of the model that reads through a ``ModelEnvironment``
/// (``ModelEnvironment/trust``): the model sets it whenever its settings change, and every copy of the
/// environment (the lookups of configuration files hold copies) sees the same policy.
public final class TrustPolicyBox: Sendable {
    private let slot = Mutex<TrustPolicy?>(nil)

    public init() {}

    /// The policy; nil: no confinement (an environment no model has configured).
    public var policy: TrustPolicy? { slot.withLock { $0 } }

    /// Replaces the policy.
    public func set(_ policy: TrustPolicy?) { slot.withLock { $0 = policy } }
}
