//! Accounts as typed: the roles, the checks of a new account's name and password,
//! and why an account's form is refused, one variant per reason naming its message
//! key.

/// Whether two secrets (a PIN, a token) are the same, compared so that the time it
/// takes tells neither where they first differ nor how long either is: their
/// SHA-256 digests, every byte of the two folded together.
pub fn same_secret(a: &str, b: &str) -> bool {
    use sha2::{Digest, Sha256};
    let (x, y) = (Sha256::digest(a.as_bytes()), Sha256::digest(b.as_bytes()));
    x.iter()
        .zip(y.iter())
        .fold(0u8, |acc, (p, q)| std::hint::black_box(acc | (p ^ q)))
        == 0
}

/// The shortest password an account takes.
pub const MIN_PASSWORD: usize = 8;

/// What an account may do: administer, organise a club, or referee.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Admin,
    Organiser,
    Referee,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::Organiser, Role::Referee];

    pub fn slug(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organiser => "organiser",
            Role::Referee => "referee",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.slug() == s.trim())
    }

    /// Whether the role is of one club: an organiser's and a referee's are (they may
    /// do nothing without one), an administrator's is not.
    pub fn needs_club(self) -> bool {
        self != Role::Admin
    }
}

/// Checks that a role comes with a club where it needs one.
pub fn check_club(role: Role, club: Option<i32>) -> Result<(), UserFault> {
    if role.needs_club() && club.is_none() {
        return Err(UserFault::ClubNeeded);
    }
    Ok(())
}

/// Why an account's form (the users page's, or the first run's) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserFault {
    /// A user name not of 2 to 40 letters, digits, dots, dashes or underscores.
    Name,
    /// A password shorter than [`MIN_PASSWORD`].
    PasswordShort,
    /// A role that is none of the roles.
    Role,
    /// A club that is not a number, or no club's.
    Club,
    /// An organiser or a referee without a club.
    ClubNeeded,
    /// The user name is taken.
    Taken,
    /// An administrator changing their own account.
    NotYourself,
    /// The first run's password and its confirmation differ.
    PasswordMismatch,
}

impl UserFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            UserFault::Name => "users-bad-name",
            UserFault::PasswordShort => "account-password-short",
            UserFault::Role => "users-bad-role",
            UserFault::Club => "users-bad-club",
            UserFault::ClubNeeded => "users-club-needed",
            UserFault::Taken => "users-taken",
            UserFault::NotYourself => "users-not-yourself",
            UserFault::PasswordMismatch => "first-run-password-mismatch",
        }
    }
}

/// Checks a new user's fields; returns (username, role) or why they are refused.
pub fn validate_new_user(
    username: &str,
    password: &str,
    role: &str,
) -> Result<(String, Role), UserFault> {
    let username = username.trim();
    let valid_name = (2..=40).contains(&username.chars().count())
        && username
            .chars()
            .all(|c| c.is_alphanumeric() || "._-".contains(c));
    if !valid_name {
        return Err(UserFault::Name);
    }
    if password.chars().count() < MIN_PASSWORD {
        return Err(UserFault::PasswordShort);
    }
    let role = Role::parse(role).ok_or(UserFault::Role)?;
    Ok((username.to_owned(), role))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_secrets_are_the_same_only_when_every_character_and_the_length_are() {
        assert!(same_secret("4821", "4821"));
        assert!(same_secret("", ""));
        assert!(!same_secret("4821", "4820"), "the last digit");
        assert!(!same_secret("4821", "5821"), "the first digit");
        assert!(!same_secret("4821", "482"), "one shorter");
        assert!(!same_secret("482", "4821"), "one longer");
        assert!(!same_secret("4821", "48210"));
        assert!(!same_secret("4821", ""));
        assert!(!same_secret("", "4821"));
        assert!(!same_secret("4821", " 4821"));
        assert!(!same_secret("ñ", "n"));
    }
}
